/**
 * @module data/codec/xml
 * The RFC 7950 XML codec: a hardened XML parser, decode (XML text → instance tree) and
 * encode (instance tree → chunks of XML text under the read options), and the document wrappers.
 * May import: instance, read, codec, codec/json. Re-exports only.
 */
export type { DecodeXmlDocumentOptions, DecodeXmlOptions } from './xml-decode.ts';
export { decodeXml, decodeXmlDocument } from './xml-decode.ts';
export type { EncodeXmlOptions } from './xml-encode.ts';
export { encodeXml, encodeXmlString } from './xml-encode.ts';
export type { XmlWrapper } from './xml-wrapper.ts';
export { CONFIG_WRAPPER, DATA_WRAPPER, RESTCONF_DATA_WRAPPER, XML_DOCUMENT_WRAPPERS } from './xml-wrapper.ts';
