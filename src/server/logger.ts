/**
 * @module server/logger
 * The pino logger of the server, configured to redact credentials wherever they appear.
 */
import pino from 'pino';
import type { Logger } from '../util/index.ts';
import { BatchedLogDestination } from './log-destination.ts';

/** Field paths that may carry credentials; pino replaces their values before writing. */
export const REDACTED_PATHS: readonly string[] = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'token',
  '*.token',
];

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  readonly level?: string;
  /** Where to write; standard output, in batches ({@link BatchedLogDestination}), when omitted. */
  readonly destination?: NodeJS.WritableStream;
}

/** Creates the server's JSON line logger. */
export const createLogger = (options: LoggerOptions = {}): Logger & { flush(): void } => {
  const batched = options.destination === undefined ? new BatchedLogDestination() : undefined;
  const instance = pino(
    {
      level: options.level ?? process.env.IDCONF_LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    },
    batched ?? options.destination,
  );
  // flush() is called right before process.exit: the default destination writes synchronously then.
  return { ...wrap(instance), flush: () => (batched === undefined ? instance.flush() : batched.flushSync()) };
};

const wrap = (instance: pino.Logger): Logger => ({
  debug: (fields, message) => instance.debug(fields, message),
  info: (fields, message) => instance.info(fields, message),
  warn: (fields, message) => instance.warn(fields, message),
  error: (fields, message) => instance.error(fields, message),
  child: (bindings) => wrap(instance.child(bindings)),
});
