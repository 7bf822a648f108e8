/**
 * @module test/support/wait-for-port
 * Waits until a server accepts TCP connections.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const accepts = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves once `host:port` accepts a connection; rejects after `timeoutMs` or when `gone()` says the server exited. */
export const waitForPort = async (
  port: number,
  options: { readonly host?: string; readonly timeoutMs?: number; readonly gone?: () => string | undefined } = {},
): Promise<void> => {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (await accepts(port, options.host ?? '127.0.0.1')) return;
    const gone = options.gone?.();
    if (gone !== undefined) throw new Error(gone);
    if (Date.now() > deadline)
      throw new Error(`nothing listens on port ${port} after ${options.timeoutMs ?? 30_000} ms`);
    await sleep(50);
  }
};
