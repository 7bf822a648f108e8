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
export const lazyChild = (parent: Logger, bindings: Readonly<Record<string, unknown>>): Logger =>
  new LazyChildLogger(parent, bindings);

// Methods on a class rather than an object of closures: every request makes one, and most never log.
class LazyChildLogger implements Logger {
  readonly #parent: Logger;
  readonly #bindings: Readonly<Record<string, unknown>>;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Readonly<Record<string, unknown>>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #resolve(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  debug(fields: Readonly<Record<string, unknown>>, message?: string): void {
    this.#resolve().debug(fields, message);
  }

  info(fields: Readonly<Record<string, unknown>>, message?: string): void {
    this.#resolve().info(fields, message);
  }

  warn(fields: Readonly<Record<string, unknown>>, message?: string): void {
    this.#resolve().warn(fields, message);
  }

  error(fields: Readonly<Record<string, unknown>>, message?: string): void {
    this.#resolve().error(fields, message);
  }

  child(more: Readonly<Record<string, unknown>>): Logger {
    return this.#resolve().child(more);
  }
}
