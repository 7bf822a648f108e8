/**
 * @module restconf/restconf-capabilities
 * The capability URIs this RESTCONF server announces in `ietf-restconf-monitoring:restconf-state`:
 * the optional query parameters it supports, with-defaults with `explicit` as the basic mode,
 * and YANG Patch.
 * @see RFC 8040 §9.1.1, §9.1.2, §11.4; RFC 8072 §4.3
 */

/** Every capability URI, in the order RFC 8040 §11.4 registers them. */
export const RESTCONF_CAPABILITIES: readonly string[] = [
  'urn:ietf:params:restconf:capability:defaults:1.0?basic-mode=explicit',
  'urn:ietf:params:restconf:capability:depth:1.0',
  'urn:ietf:params:restconf:capability:fields:1.0',
  'urn:ietf:params:restconf:capability:with-defaults:1.0',
  'urn:ietf:params:restconf:capability:yang-patch:1.0',
];
