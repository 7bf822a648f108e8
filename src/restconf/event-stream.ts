/**
 * @module restconf/event-stream
 * GET of a stream location: a subscription served as Server-Sent Events, until the client goes
 * away or the server ends it (its final event, `subscription-terminated`, says why). Each event
 * is one SSE message whose data is the notification in the location's encoding; an event that
 * can be replayed carries its id (the transaction id), which the client's `Last-Event-ID` names
 * when it reconnects, so that it receives exactly the events it missed. The response waits for
 * the client to read (back-pressure) while events queue in the subscription; a client that lets
 * too many wait is ended by the management layer, and one that then does not read its final
 * event within a grace period is disconnected. HEAD checks the request and answers the headers.
 * @see RFC 8040 §6.3, §6.4, §4.8.4, §4.8.7, §4.8.8; W3C Server-Sent Events
 */

import type { ServerResponse } from 'node:http';
import { InvalidValueError, NotAcceptableError } from '../errors/index.ts';
import type { EventStreamKeepAlive } from '../http/index.ts';
import {
  EVENT_STREAM_MEDIA_TYPE,
  formatServerSentEvent,
  lastEventIdOf,
  negotiate,
  openEventStream,
} from '../http/index.ts';
import type { EventSubscription, StreamEvent, SubscriptionRequest } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { Encoding } from './media-types.ts';
import { encodeNotification } from './notification-encoding.ts';
import type { RestconfExchange } from './restconf-exchange.ts';
import { parseStreamQuery } from './stream-query.ts';
import type { StreamTarget } from './stream-resource.ts';

/** How long a client that was ended may take to read its final event before it is disconnected. */
const FINAL_EVENT_GRACE_MS = 10_000;

/**
 * The SSE message of each event, per encoding, as UTF-8 bytes: events are shared by the
 * subscribers that see the same content, so a commit is encoded once however many of them
 * receive it, and no write converts it again.
 */
const FRAMES: Readonly<Record<Encoding, WeakMap<StreamEvent, Buffer>>> = { json: new WeakMap(), xml: new WeakMap() };

const frameOf = (event: StreamEvent, encoding: Encoding, schema: SchemaTree): Buffer => {
  let frame = FRAMES[encoding].get(event);
  if (frame === undefined) {
    const data = encodeNotification(event, encoding, schema);
    frame = Buffer.from(formatServerSentEvent(event.id === undefined ? { data } : { id: String(event.id), data }));
    FRAMES[encoding].set(event, frame);
  }
  return frame;
};

/** The event id of a `Last-Event-ID` header: a transaction id. @throws InvalidValueError (400) */
const parseLastEventId = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text))
    throw new InvalidValueError(
      `Last-Event-ID must be the id of an event of this stream (a transaction id, a whole number), not "${text}"`,
      { type: 'protocol' },
    );
  return Number(text);
};

/** The subscription a request asks for. @throws InvalidValueError (400), NotAcceptableError (406) */
const subscriptionRequestOf = (exchange: RestconfExchange, target: StreamTarget): SubscriptionRequest => {
  const { request } = exchange;
  if (negotiate(request.headers.accept, [EVENT_STREAM_MEDIA_TYPE]) === undefined)
    throw new NotAcceptableError(
      `an event stream is sent as ${EVENT_STREAM_MEDIA_TYPE}; the Accept header does not allow it`,
      {
        type: 'protocol',
      },
    );
  const query = parseStreamQuery(exchange.rawQuery, exchange.method);
  const lastEventId = parseLastEventId(lastEventIdOf(request.headers['last-event-id']));
  const { clientAddress } = exchange.context;
  return {
    stream: target.name,
    ...query,
    ...(lastEventId === undefined ? {} : { lastEventId }),
    ...(clientAddress === undefined ? {} : { clientAddress }),
  };
};

/** Serves GET and HEAD of a stream location. */
export const serveEventStream = async (
  exchange: RestconfExchange,
  target: StreamTarget,
  keepAlive: EventStreamKeepAlive,
): Promise<void> => {
  const { management, response } = exchange;
  const subscriptionRequest = subscriptionRequestOf(exchange, target);
  if (exchange.method === 'HEAD') {
    await management.events.check(subscriptionRequest);
    openEventStream(response);
    response.end();
    return;
  }
  const subscription = await management.events.subscribe(exchange.session, subscriptionRequest);
  const leave = (): void => subscription.close();
  response.on('close', leave);
  openEventStream(response);
  keepAlive.add(response);
  try {
    await pump(exchange, subscription, target);
  } finally {
    keepAlive.delete(response);
    response.off('close', leave);
    subscription.close();
    finish(exchange);
  }
};

/** Writes the subscription's events until it ends or the client goes away. */
const pump = async (
  exchange: RestconfExchange,
  subscription: EventSubscription,
  target: StreamTarget,
): Promise<void> => {
  const { response, schema } = exchange;
  for (;;) {
    const event = await subscription.next();
    if (event === undefined || response.destroyed) return;
    const writable = response.write(frameOf(event, target.encoding, schema));
    if (event.final) return;
    if (!writable && !(await readable(response, subscription))) return;
  }
};

/**
 * Waits for the client to read what was written: true once it has (or once the server ended
 * the subscription: its final event goes out at once), false when the client went away.
 */
const readable = (response: ServerResponse, subscription: EventSubscription): Promise<boolean> =>
  new Promise((resolve) => {
    if (response.destroyed) {
      resolve(false);
      return;
    }
    let stop = (): void => {};
    const settle = (value: boolean) => () => {
      response.off('drain', onDrain);
      response.off('close', onClose);
      stop();
      resolve(value);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    response.on('drain', onDrain);
    response.on('close', onClose);
    // Called at once when the subscription has already ended.
    stop = subscription.onEnd(settle(true));
  });

/** Ends the response; a client that does not read what is left is disconnected after a grace period. */
const finish = (exchange: RestconfExchange): void => {
  const { response } = exchange;
  if (response.destroyed) return;
  response.end();
  if (response.writableFinished) return;
  const timer = setTimeout(() => response.destroy(), FINAL_EVENT_GRACE_MS);
  timer.unref();
  response.once('close', () => clearTimeout(timer));
};
