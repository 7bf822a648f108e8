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
}

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
