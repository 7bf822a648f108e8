/**
 * @module test/support/free-port
 * A TCP port on 127.0.0.1 that nothing listens on right now, for servers that cannot be told to
 * pick one themselves (slapd, PostgreSQL, MariaDB).
 */
import { createServer } from 'node:net';

/** A port the system just handed out and released again. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
