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
