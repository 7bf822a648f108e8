/**
 * @module restconf/notification-encoding
 * A stream event as RESTCONF sends it: the RFC 5277 `notification` element (namespace
 * `urn:ietf:params:xml:ns:netconf:notification:1.0`) with `eventTime` and the notification in
 * XML; in JSON `ietf-restconf:notification` with `eventTime` and the module-qualified
 * notification.
 * @see RFC 8040 §6.4, RFC 5277 §4
 */
import { encodeJsonString, encodeXmlString } from '../data/index.ts';
import type { StreamEvent } from '../management/index.ts';
import { encodeTargetOf, notificationMember } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { Encoding } from './media-types.ts';

/** The namespace of the XML `notification` element. @see RFC 5277 §4 */
export const NOTIFICATION_NAMESPACE = 'urn:ietf:params:xml:ns:netconf:notification:1.0';

const encodeJson = (event: StreamEvent, schema: SchemaTree): string =>
  `{"ietf-restconf:notification":{"eventTime":${JSON.stringify(event.eventTime)},${JSON.stringify(notificationMember(event.notification))}:${encodeJsonString(encodeTargetOf(event), schema)}}}`;

const encodeXml = (event: StreamEvent, schema: SchemaTree): string => {
  const { notification } = event;
  const namespace = schema.modules.get(notification.module)?.namespace ?? '';
  const content = encodeXmlString(encodeTargetOf(event), schema, { wrapper: { name: notification.name, namespace } });
  return `<notification xmlns="${NOTIFICATION_NAMESPACE}"><eventTime>${event.eventTime}</eventTime>${content}</notification>`;
};

/** The text of `event` in `encoding` (one line in JSON; XML keeps the line breaks of values). */
export const encodeNotification = (event: StreamEvent, encoding: Encoding, schema: SchemaTree): string =>
  encoding === 'json' ? encodeJson(event, schema) : encodeXml(event, schema);
