/**
 * @module errors/management-error
 * The base class of every request-time error. Its fields are those of a RESTCONF `error`
 * (RFC 8040 §7.1) and a NETCONF `rpc-error`; front-ends render it, `http/` maps it to a status.
 */
import { escapeControlCharacters } from '../util/index.ts';
import type { ErrorCode } from './error-code.ts';
import type { ErrorTag, ErrorType } from './error-tag.ts';

/** Optional fields of a {@link ManagementError}. */
export interface ErrorDetails {
  /** The `error-type`; `application` when omitted. */
  readonly type?: ErrorType;
  /** The `error-app-tag` (RFC 7950 §15, or a module's `error-app-tag`). */
  readonly appTag?: string;
  /** The instance path rendered as `error-path` (the data layer's path text). */
  readonly path?: string;
  /** Extra name/value pairs rendered inside `error-info`. */
  readonly info?: Readonly<Record<string, string>>;
  /** The underlying error, when this one wraps another. */
  readonly cause?: unknown;
}

/**
 * A request-time error with a stable code and an RFC error-tag. Its message and `error-info`
 * values often quote the request; control characters in them are written as `\uXXXX`, so that
 * no response body (XML cannot hold most of them) or log line ever carries one raw.
 * @see RFC 8040 §7.1
 */
export abstract class ManagementError extends Error {
  /** Stable identifier, documented in docs/errors.md. */
  abstract readonly code: ErrorCode;
  /** The RFC 6241 / RFC 8040 error-tag. */
  abstract readonly tag: ErrorTag;
  readonly type: ErrorType;
  readonly appTag: string | undefined;
  readonly path: string | undefined;
  readonly info: Readonly<Record<string, string>> | undefined;

  constructor(message: string, details: ErrorDetails = {}) {
    super(escapeControlCharacters(message), details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.type = details.type ?? 'application';
    this.appTag = details.appTag;
    this.path = details.path;
    this.info =
      details.info === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(details.info).map(([name, value]) => [name, escapeControlCharacters(value)]),
          );
  }
}

/** Several errors reported together (e.g. every validation failure of one commit). */
export class ManagementErrors extends AggregateError {
  declare errors: ManagementError[];
  constructor(errors: readonly ManagementError[], message = 'the request failed') {
    super([...errors], message);
    this.name = 'ManagementErrors';
  }
}

/**
 * Throws the errors found, if any: one as itself, several together as {@link ManagementErrors}
 * with `summary` as message (e.g. every validation failure of one commit).
 */
export const throwIfAny = (errors: readonly ManagementError[], summary: string): void => {
  if (errors.length === 1) throw errors[0] as ManagementError;
  if (errors.length > 1) throw new ManagementErrors(errors, summary);
};

/** True when `value` is a {@link ManagementError}. */
export const isManagementError = (value: unknown): value is ManagementError => value instanceof ManagementError;
