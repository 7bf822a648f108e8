/**
 * @module http/server-sent-events
 * The `text/event-stream` format: one event is its optional `id` line and one `data` line per
 * line of its text, then a blank line; a comment line keeps an idle connection open. Lines are
 * split at CR LF, LF and CR, as the SSE parser splits them, so every text arrives unchanged
 * (except that its line breaks become LF). No `event` field is written: every event is a
 * message.
 * @see W3C Server-Sent Events §9.2 (parsing an event stream), RFC 8040 §6.4
 */
import type { ServerResponse } from 'node:http';

/** The media type of an event stream. */
export const EVENT_STREAM_MEDIA_TYPE = 'text/event-stream';

/** One event to send. */
export interface ServerSentEvent {
  /** The `id` field, which the client sends back as `Last-Event-ID` when it reconnects. */
  readonly id?: string;
  /** The event's text (the `data` field). */
  readonly data: string;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** The wire form of `event`, blank line included. */
export const formatServerSentEvent = (event: ServerSentEvent): string => {
  // An id with a line break or NUL would be cut or ignored by the client: never write one.
  const id = event.id === undefined || /[\r\n\0]/.test(event.id) ? '' : `id: ${event.id}\n`;
  return `${id}data: ${event.data.split(LINE_BREAK).join('\ndata: ')}\n\n`;
};

/** A comment line: ignored by clients, it keeps proxies from closing an idle stream. */
export const SERVER_SENT_COMMENT = ': keep-alive\n\n';

/**
 * Starts an event stream response: 200, `text/event-stream`, never cached nor buffered by a
 * proxy, headers sent at once so that the client knows the subscription is open.
 *
 * The body is delimited by the end of the connection (`Connection: close`, no transfer coding),
 * which is what a stream that ends only when one side leaves is anyway: each event is then one
 * write of its bytes to the connection (one TLS record), with no chunk size line and no CR LF
 * around it, which makes the fan-out of a commit to many subscribers cheaper. The connection is
 * not reused after the stream, which is why HTTP/1.1 allows it. @see RFC 9112 §6.3 (rule 8)
 */
export const openEventStream = (
  response: ServerResponse,
  extraHeaders: Readonly<Record<string, string>> = {},
): void => {
  response.removeHeader('Transfer-Encoding');
  response.writeHead(200, {
    'Content-Type': EVENT_STREAM_MEDIA_TYPE,
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    Connection: 'close',
    ...extraHeaders,
  });
  response.flushHeaders();
};

/**
 * The value of a `Last-Event-ID` request header: the id of the last event the client received
 * before it reconnected. @see W3C Server-Sent Events §9.2 (reconnection)
 */
export const lastEventIdOf = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};
