/**
 * @module bench/event-subscribers
 * A child process of the benchmark that holds many subscribers of one event stream, each on its
 * own HTTP(S) connection, and tells its parent (IPC) when they are all connected and, for every
 * event id, when the first and the last of them received it, in milliseconds since the epoch
 * (`performance.timeOrigin + performance.now()`, comparable across processes on one machine).
 *
 * The subscribers are made as cheap as a client can be, so that the figures show the server
 * rather than the client: a raw `net`/`tls` socket per subscriber, a hand-written HTTP/1.1
 * request, reads delivered straight into one shared buffer (`onread`: no stream, no 'data'
 * event, no allocation), and for each read a byte search for the `id:` line that starts every
 * event of the stream (no HTTP parser, no text decoding, no SSE parsing). A line
 * break followed by `id: ` cannot occur inside an event's data: every line of it starts with
 * `data: `. (Were the body chunked, its size lines would end with a line break too.)
 * Run: `node bench/event-subscribers.ts <stream-url> <count> <user> <password>`.
 */
import { connect as netConnect, type OnReadOpts, type Socket } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';

/** What the child reports. */
export type SubscriberReport =
  | { readonly kind: 'ready'; readonly count: number }
  | { readonly kind: 'event'; readonly id: string; readonly first: number; readonly last: number }
  | { readonly kind: 'failed'; readonly message: string };

/** Connections opened at once: a thousand TLS handshakes at once would only measure the handshakes. */
const OPENING_BATCH = 50;
/** The line that starts each event with an id (after the line break that ends what precedes it). */
const ID_LINE = Buffer.from('\nid: ');
const LINE_FEED = 0x0a;
/** The end of the response's header section. */
const HEADER_END = Buffer.from('\r\n\r\n');

const [url = '', countText = '1', user = 'admin', password = ''] = process.argv.slice(2);
const count = Number(countText);
const target = new URL(url);
const secure = target.protocol === 'https:';
const port = Number(target.port || (secure ? 443 : 80));
const requestBytes = Buffer.from(
  `GET ${target.pathname}${target.search} HTTP/1.1\r\n` +
    `Host: ${target.host}\r\n` +
    `Authorization: Basic ${Buffer.from(`${user}:${password}`).toString('base64')}\r\n` +
    'Accept: text/event-stream\r\n\r\n',
);
const now = (): number => performance.timeOrigin + performance.now();

const report = (message: SubscriberReport): void => {
  process.send?.(message);
};

/** Receipts per event id: how many subscribers have it, and when the first did. */
const receipts = new Map<string, { count: number; first: number }>();

const received = (id: string, at: number): void => {
  let entry = receipts.get(id);
  if (entry === undefined) {
    entry = { count: 0, first: at };
    receipts.set(id, entry);
  }
  entry.count += 1;
  if (entry.count === count) {
    receipts.delete(id);
    report({ kind: 'event', id, first: entry.first, last: at });
  }
};

/**
 * Reads one subscriber's bytes: the ids of the events in `bytes`, with what an earlier read left
 * unfinished in front. Returns what this read leaves unfinished (at most an id line begun).
 */
const scan = (bytes: Buffer, at: number): Buffer | undefined => {
  let position = 0;
  for (;;) {
    const start = bytes.indexOf(ID_LINE, position);
    if (start < 0) break;
    const end = bytes.indexOf(LINE_FEED, start + ID_LINE.length);
    if (end < 0) return bytes.subarray(start);
    received(bytes.toString('latin1', start + ID_LINE.length, end), at);
    position = end;
  }
  // The last bytes may begin an id line that the next read completes.
  const keep = Math.max(position, bytes.length - (ID_LINE.length - 1));
  return keep < bytes.length ? bytes.subarray(keep) : undefined;
};

/**
 * Where every socket's reads land: the callback consumes them at once, so one buffer serves all
 * of them, and a read costs no allocation and no stream event.
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

/** Opens one subscription; resolves once its response's header says 200. */
const subscribe = (): Promise<void> =>
  new Promise((resolve, reject) => {
    let header: Buffer | undefined = Buffer.alloc(0);
    let pending: Buffer | undefined;
    const read = (length: number, buffer: Uint8Array): boolean => {
      const at = now();
      let bytes = Buffer.from(buffer.buffer, buffer.byteOffset, length);
      if (header !== undefined) {
        header = Buffer.concat([header, bytes]);
        const end = header.indexOf(HEADER_END);
        if (end < 0) return true;
        const statusLine = header.toString('latin1', 0, header.indexOf('\r\n'));
        if (!/^HTTP\/1\.1 200 /.test(statusLine)) {
          reject(new Error(`the stream answered ${statusLine}`));
          socket.destroy();
          return false;
        }
        // The body follows the header's blank line, whose line break precedes the first id line.
        bytes = header.subarray(end + 2);
        header = undefined;
        resolve();
      }
      const rest = scan(pending === undefined ? bytes : Buffer.concat([pending, bytes]), at);
      // What is left over is kept beyond this read: the buffer is filled again by the next one.
      pending = rest === undefined ? undefined : Buffer.from(rest);
      return true;
    };
    const onread: OnReadOpts = { buffer: READ_BUFFER, callback: read };
    // tls.connect takes every option of net.connect, onread included (its type leaves it out).
    const tlsOptions: ConnectionOptions & { readonly onread: OnReadOpts } = {
      host: target.hostname,
      port,
      rejectUnauthorized: false,
      servername: 'localhost',
      onread,
    };
    const socket: Socket = secure ? tlsConnect(tlsOptions) : netConnect({ host: target.hostname, port, onread });
    socket.setNoDelay(true);
    socket.once(secure ? 'secureConnect' : 'connect', () => socket.write(requestBytes));
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('the server closed a subscription')));
  });

try {
  for (let opened = 0; opened < count; opened += OPENING_BATCH)
    await Promise.all(Array.from({ length: Math.min(OPENING_BATCH, count - opened) }, () => subscribe()));
  report({ kind: 'ready', count });
} catch (error) {
  report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
