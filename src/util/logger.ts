/**
 * @module util/logger
 * The logging interface the core depends on; `server/` passes in a pino logger that fits it.
 */

/** A structured log method: fields first, then an optional message. */
export type LogMethod = (fields: Readonly<Record<string, unknown>>, message?: string) => void;

/** A structured logger. Implementations must never print credentials (see server/logger.ts). */
export interface Logger {
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
  child(bindings: Readonly<Record<string, unknown>>): Logger;
  /**
   * Writes one access-log line: the same line `info(record, 'request')` writes, which is what a
   * logger without this method gets. A logger may write it more cheaply (one per request).
   */
  readonly request?: (record: AccessRecord) => void;
}

/** The fields of one access-log line (one per HTTP request), in the order they are written. */
export type AccessRecord = {
  readonly requestId: string;
  readonly method: string | undefined;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly user: string | undefined;
  readonly remote: string | undefined;
  /** The client a trusted proxy named, when it differs from `remote`. */
  readonly client?: string;
};

/** Writes `record` to `log`'s access log: its own `request` method, or `info(record, 'request')`. */
export const logRequest = (log: Logger, record: AccessRecord): void => {
  if (log.request !== undefined) log.request(record);
  else log.info(record, 'request');
};

/** A logger that discards everything (unit tests). */
export const SILENT_LOGGER: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => SILENT_LOGGER,
};

/**
 * A child of `parent` with `bindings` that is created on first use: a request that logs nothing
 * pays nothing for it.
 */
export const lazyChild = (parent: Logger, bindings: Readonly<Record<string, unknown>>): Logger => {
  let child: Logger | undefined;
  const resolve = (): Logger => {
    child ??= parent.child(bindings);
    return child;
  };
  return {
    debug: (fields, message) => resolve().debug(fields, message),
    info: (fields, message) => resolve().info(fields, message),
    warn: (fields, message) => resolve().warn(fields, message),
    error: (fields, message) => resolve().error(fields, message),
    child: (more) => resolve().child(more),
  };
};
