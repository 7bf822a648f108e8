/**
 * @module data/codec/xml/xml-wrapper
 * The root elements that wrap a whole datastore (or any set of top-level nodes) in XML, which
 * unlike JSON has no anonymous outer object: RESTCONF's `ietf-restconf:data`, NETCONF's
 * `config`/`data`, the Tail-f REST and CLI forms, and plain `data`/`config`.
 * @see RFC 8040 §3.3.1, RFC 6241 §7.2, RFC 7950 §7.14.2 (input and output)
 */

/** A wrapper root element: its local name, namespace, and extra prefix declarations. */
export interface XmlWrapper {
  readonly name: string;
  /** Its namespace; none when undefined. */
  readonly namespace?: string;
  /** Prefix → namespace URI declarations written on the wrapper (e.g. `y` for Tail-f REST annotations). */
  readonly declarations?: Readonly<Record<string, string>>;
}

/** `<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">`, the RESTCONF datastore resource. @see RFC 8040 §3.3.1 */
export const RESTCONF_DATA_WRAPPER: XmlWrapper = Object.freeze({
  name: 'data',
  namespace: 'urn:ietf:params:xml:ns:yang:ietf-restconf',
});

/** A plain `<data>` in no namespace. */
export const DATA_WRAPPER: XmlWrapper = Object.freeze({ name: 'data' });

/** A plain `<config>` in no namespace. */
export const CONFIG_WRAPPER: XmlWrapper = Object.freeze({ name: 'config' });

const NETCONF_BASE = 'urn:ietf:params:xml:ns:netconf:base:1.0';

/**
 * The wrappers a whole-datastore document may have by default: RESTCONF `data`, NETCONF `config`
 * and `data`, the Tail-f REST `data` and CLI `config`, and plain `data` and `config`.
 */
export const XML_DOCUMENT_WRAPPERS: readonly XmlWrapper[] = Object.freeze([
  RESTCONF_DATA_WRAPPER,
  Object.freeze({ name: 'config', namespace: NETCONF_BASE }),
  Object.freeze({ name: 'data', namespace: NETCONF_BASE }),
  Object.freeze({ name: 'data', namespace: 'http://tail-f.com/ns/rest' }),
  Object.freeze({ name: 'config', namespace: 'http://tail-f.com/ns/config/1.0' }),
  DATA_WRAPPER,
  CONFIG_WRAPPER,
]);
