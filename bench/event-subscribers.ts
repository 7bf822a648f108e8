/**
 * @module bench/event-subscribers
 * A child process of the benchmark that holds many subscribers of one event stream, each on its
 * own HTTP(S) connection, and tells its parent (IPC) when they are all connected and, for every
 * event id, when the first and the last of them received it, in milliseconds since the epoch
 * (`performance.timeOrigin + performance.now()`, comparable across processes on one machine).
 * Run: `node bench/event-subscribers.ts <stream-url> <count> <user> <password>`.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** What the child reports. */
export type SubscriberReport =
  | { readonly kind: 'ready'; readonly count: number }
  | { readonly kind: 'event'; readonly id: string; readonly first: number; readonly last: number }
  | { readonly kind: 'failed'; readonly message: string };

const [url = '', countText = '1', user = 'admin', password = ''] = process.argv.slice(2);
const count = Number(countText);
const target = new URL(url);
const secure = target.protocol === 'https:';
const agent = secure
  ? new HttpsAgent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, rejectUnauthorized: false })
  : new HttpAgent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const now = (): number => performance.timeOrigin + performance.now();

const report = (message: SubscriberReport): void => {
  process.send?.(message);
};

/** Receipts per event id: how many subscribers have it, and when the first did. */
const receipts = new Map<string, { count: number; first: number }>();

const received = (id: string): void => {
  const at = now();
  const entry = receipts.get(id) ?? { count: 0, first: at };
  entry.count += 1;
  receipts.set(id, entry);
  if (entry.count === count) {
    receipts.delete(id);
    report({ kind: 'event', id, first: entry.first, last: at });
  }
};

const subscribe = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      { agent, headers: { Authorization: authorization, Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let pending = '';
        response.on('data', (chunk: string) => {
          pending += chunk;
          // Only the ids matter here: one `id:` line per event, at its start.
          for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
            const event = pending.slice(0, end);
            pending = pending.slice(end + 2);
            if (event.startsWith('id: ')) received(event.slice(4, event.indexOf('\n')));
          }
        });
        resolve();
      },
    );
    request.on('error', reject);
    request.end();
  });

try {
  // A few at a time: a thousand TLS handshakes at once would only measure the handshakes.
  for (let opened = 0; opened < count; opened += 50)
    await Promise.all(Array.from({ length: Math.min(50, count - opened) }, () => subscribe()));
  report({ kind: 'ready', count });
} catch (error) {
  report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
