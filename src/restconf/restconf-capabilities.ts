/**
 * @module restconf/restconf-capabilities
 * The capability URIs this RESTCONF server announces in `ietf-restconf-monitoring:restconf-state`:
 * the optional query parameters it supports (`filter` and `replay` when it offers event
 * streams), with-defaults with `explicit` as the basic mode, YANG Patch, with-defaults on the
 * operational state datastore, and the list pagination parameters it offers.
 * @see RFC 8040 §9.1.1, §9.1.2, §11.4; RFC 8072 §4.3; RFC 8527 §3.2.1; draft-ietf-netconf-list-pagination-rc §3.1
 */

/** The capabilities of event streams: the `filter` parameter, and replay (`start-time`, `stop-time`). */
export const STREAM_CAPABILITIES: readonly string[] = [
  'urn:ietf:params:restconf:capability:filter:1.0',
  'urn:ietf:params:restconf:capability:replay:1.0',
];

/**
 * Every capability URI, in the order RFC 8040 §11.4 registers them, then RFC 8072's, RFC 8527's
 * and the list pagination draft's (cursor, locale and sublist-limit are not offered); with
 * `streams`, also {@link STREAM_CAPABILITIES}.
 */
export const restconfCapabilities = (streams: boolean): readonly string[] => [
  'urn:ietf:params:restconf:capability:defaults:1.0?basic-mode=explicit',
  'urn:ietf:params:restconf:capability:depth:1.0',
  'urn:ietf:params:restconf:capability:fields:1.0',
  ...(streams ? STREAM_CAPABILITIES : []),
  'urn:ietf:params:restconf:capability:with-defaults:1.0',
  'urn:ietf:params:restconf:capability:yang-patch:1.0',
  'urn:ietf:params:restconf:capability:with-operational-defaults:1.0',
  'urn:ietf:params:restconf:capability:limit:1.0',
  'urn:ietf:params:restconf:capability:offset:1.0',
  'urn:ietf:params:restconf:capability:direction:1.0',
  'urn:ietf:params:restconf:capability:sort-by:1.0',
  'urn:ietf:params:restconf:capability:where:1.0',
];

/** The capabilities of a server without event streams. */
export const RESTCONF_CAPABILITIES: readonly string[] = restconfCapabilities(false);
