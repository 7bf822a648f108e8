/**
 * @module management/stream-event
 * One event of an event stream as subscribers receive it: a notification with its content,
 * when it happened and, for events that can be replayed, its id. Events are immutable and
 * shared by every subscriber that sees the same content, so that a front-end encodes each one
 * once (it may cache encodings per event object).
 * @see RFC 8040 §6.4, RFC 5277 §4 (notification: eventTime and content)
 */
import type { DataTree, InstanceNode } from '../data/index.ts';
import { decodeJson } from '../data/index.ts';
import type { NotificationNode, SchemaTree } from '../yang/index.ts';

/** One event of a stream. */
export interface StreamEvent {
  /**
   * The event's id, which a client resumes after (SSE `id`, `Last-Event-ID`): the transaction id
   * of a configuration change. Undefined for events that are not stored and cannot be replayed.
   */
  readonly id: number | undefined;
  /** When the event happened, yang:date-and-time in UTC. */
  readonly eventTime: string;
  /** The notification. */
  readonly notification: NotificationNode;
  /** Its content, decoded and checked against the schema. */
  readonly content: InstanceNode<NotificationNode>;
  /** Its content as RFC 7951 JSON members (module-qualified where the module changes). */
  readonly json: Readonly<Record<string, unknown>>;
  /** True for the last event of a subscription (it ends after it). */
  readonly final: boolean;
}

/** `module:name` of a notification: its RFC 7951 member name. */
export const notificationMember = (notification: NotificationNode): string =>
  `${notification.module}:${notification.name}`;

/** The top-level notification `module:name` of `schema`, if it implements it. */
export const findNotification = (schema: SchemaTree, member: string): NotificationNode | undefined =>
  schema.notifications.find((notification) => notificationMember(notification) === member);

/** Options of {@link makeStreamEvent}. */
export interface StreamEventOptions {
  readonly id?: number;
  readonly eventTime: string;
  readonly final?: boolean;
}

/**
 * An event of `notification` with the RFC 7951 `json` content. @throws a ManagementError when
 * the content does not fit the schema (a server fault: the server builds every notification)
 */
export const makeStreamEvent = (
  schema: SchemaTree,
  notification: NotificationNode,
  json: Readonly<Record<string, unknown>>,
  options: StreamEventOptions,
): StreamEvent => ({
  id: options.id,
  eventTime: options.eventTime,
  notification,
  content: decodeJson(notification, json, { schema, qualifiedTop: false }),
  json,
  final: options.final ?? false,
});

/** The content of `event` as the encoders take it (they write the members of any inner node). */
export const encodeTargetOf = (event: StreamEvent): DataTree => event.content as unknown as DataTree;
