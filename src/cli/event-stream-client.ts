/**
 * @module cli/event-stream-client
 * One connection to a RESTCONF event stream location: GET with `Accept: text/event-stream`,
 * HTTP Basic, and `Last-Event-ID` when resuming; each event is handed to a callback as it
 * arrives. It settles when the connection ends, saying how: the server refused the request (its
 * status and RESTCONF error body), the stream ended, or the connection was lost.
 * @see RFC 8040 §6.3, W3C Server-Sent Events
 */
import { readFileSync } from 'node:fs';
import type { ClientRequest } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ApiResponse, ApiTarget } from './api-client.ts';
import type { StreamMessage } from './sse-parser.ts';
import { ServerSentEventParser } from './sse-parser.ts';

/** How a connection ended. */
export type StreamOutcome =
  | { readonly kind: 'refused'; readonly response: ApiResponse }
  | { readonly kind: 'ended' }
  | { readonly kind: 'lost'; readonly error: Error };

/** What to connect to. */
export interface StreamConnection {
  readonly target: ApiTarget;
  /** The path below the RESTCONF root, query included (`/streams/NETCONF/json?filter=…`). */
  readonly path: string;
  readonly lastEventId?: string;
}

/** A connection in progress: its outcome, and a way to close it. */
export interface FollowedStream {
  readonly outcome: Promise<StreamOutcome>;
  close(): void;
}

/** Connects and calls `onEvent` with every event until the connection ends; `onOpen` once the stream is accepted. */
export const followEventStream = (
  connection: StreamConnection,
  onEvent: (event: StreamMessage) => void,
  onOpen: () => void = () => {},
): FollowedStream => {
  const { target } = connection;
  let request: ClientRequest | undefined;
  const outcome = new Promise<StreamOutcome>((resolve) => {
    const url = new URL(`/admin/api/restconf${connection.path}`, target.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    request = send(
      url,
      {
        headers: {
          Authorization: `Basic ${Buffer.from(`${target.user}:${target.password}`).toString('base64')}`,
          Accept: 'text/event-stream',
          ...(connection.lastEventId === undefined ? {} : { 'Last-Event-ID': connection.lastEventId }),
        },
        rejectUnauthorized: target.insecure !== true,
        ...(target.ca === undefined ? {} : { ca: readFileSync(target.ca) }),
      },
      (response) => {
        response.setEncoding('utf8');
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        if (status !== 200 || !contentType.startsWith('text/event-stream')) {
          let body = '';
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ kind: 'refused', response: { status, contentType, body } }));
          response.on('error', (error) => resolve({ kind: 'lost', error }));
          return;
        }
        onOpen();
        const parser = new ServerSentEventParser();
        response.on('data', (chunk: string) => {
          for (const event of parser.push(chunk)) onEvent(event);
        });
        response.on('end', () => resolve({ kind: 'ended' }));
        response.on('aborted', () => resolve({ kind: 'lost', error: new Error('the connection was cut') }));
        response.on('error', (error) => resolve({ kind: 'lost', error }));
      },
    );
    request.on('error', (error) => resolve({ kind: 'lost', error }));
    request.end();
  });
  return { outcome, close: () => request?.destroy() };
};
