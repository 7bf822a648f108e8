/**
 * @module data/codec/json
 * The RFC 7951 JSON codec: decode (JSON text or parsed JSON → instance tree, with RFC 8040
 * error-paths) and encode (instance tree → chunks of JSON text under the read options).
 * May import: instance, read, codec. Re-exports only.
 */
export { decodeJsonText, LAZY_JSON_LENGTH } from './decode-json-text.ts';
export { jsonArrayElements } from './json-array-elements.ts';
export { JsonArrayText } from './json-array-text.ts';
export type { DecodeJsonOptions } from './json-decode.ts';
export { decodeJson, decodeJsonEntries } from './json-decode.ts';
export type { EncodeJsonOptions, EncodeTarget } from './json-encode.ts';
export {
  encodeJson,
  encodeJsonEntries,
  encodeJsonEntryObject,
  encodeJsonEntryTexts,
  encodeJsonString,
} from './json-encode.ts';
export type { JsonPiecesDocument } from './json-pieces-reader.ts';
export { JsonPiecesReader } from './json-pieces-reader.ts';
export { parseJsonText } from './json-text.ts';
export { jsonValueContext, qualifyingJsonContext } from './json-value-context.ts';
export { readJsonObjectLazily } from './read-json-lazily.ts';
