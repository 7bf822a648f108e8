/**
 * @module server/logger
 * The pino logger of the server, configured to redact credentials wherever they appear.
 */
import pino from 'pino';
import type { AccessRecord, Logger } from '../util/index.ts';
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
  const sink = batched ?? options.destination;
  // flush() is called right before process.exit: the default destination writes synchronously then.
  return {
    ...wrap(instance),
    ...(sink === undefined ? {} : { request: accessLine(instance, sink) }),
    flush: () => (batched === undefined ? instance.flush() : batched.flushSync()),
  };
};

/**
 * The access log's writer: the line pino would write for `info(record, 'request')`, built by
 * hand. Its fields are fixed and never carry credentials, so it skips what costs pino most per
 * request (the redaction pass over every object, the generic serialisation). The output is the
 * same, byte for byte (test/server/logger.test.ts compares them).
 */
const accessLine =
  (instance: pino.Logger, sink: { write(line: string): unknown }) =>
  (record: AccessRecord): void => {
    if (!instance.isLevelEnabled('info')) return;
    let line = `{"level":30,"time":${Date.now()},"pid":${process.pid},"requestId":${JSON.stringify(record.requestId)}`;
    if (record.method !== undefined) line += `,"method":${JSON.stringify(record.method)}`;
    line += `,"path":${JSON.stringify(record.path)},"status":${record.status},"durationMs":${record.durationMs}`;
    if (record.user !== undefined) line += `,"user":${JSON.stringify(record.user)}`;
    if (record.remote !== undefined) line += `,"remote":${JSON.stringify(record.remote)}`;
    if (record.client !== undefined) line += `,"client":${JSON.stringify(record.client)}`;
    sink.write(`${line},"msg":"request"}\n`);
  };

const wrap = (instance: pino.Logger): Logger => ({
  debug: (fields, message) => instance.debug(fields, message),
  info: (fields, message) => instance.info(fields, message),
  warn: (fields, message) => instance.warn(fields, message),
  error: (fields, message) => instance.error(fields, message),
  child: (bindings) => wrap(instance.child(bindings)),
});
