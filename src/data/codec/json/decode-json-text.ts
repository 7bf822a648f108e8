/**
 * @module data/codec/json/decode-json-text
 * RFC 7951 JSON text → instance nodes in one step. A long text (a checkpoint, a restore, a PUT of
 * a whole list) is read lazily: its lists' entries are parsed one by one as they are decoded, so
 * the parsed JSON of the whole text never exists at once (a third of the memory a decode needed)
 * and what is parsed dies young. The result, and every error, is that of `decodeJson` on
 * `JSON.parse(text)`, except that a syntax error inside a list entry is found when that entry is
 * reached, after errors in the entries before it.
 * @see RFC 7951
 */
import type { InnerSchemaNode, InstanceNode } from '../../instance/index.ts';
import type { DecodeJsonOptions } from './decode-state.ts';
import { decodeJson } from './json-decode.ts';
import { parseJsonText } from './json-text.ts';
import { readJsonLazily } from './read-json-lazily.ts';

/** Texts at least this long are read lazily; shorter ones are parsed whole, which costs less. */
export const LAZY_JSON_LENGTH = 1 << 20;

/** Decodes the JSON object `text` as {@link decodeJson} decodes it once parsed. */
export const decodeJsonText = <S extends InnerSchemaNode>(
  parent: S,
  text: string,
  options: DecodeJsonOptions,
  lazyFrom: number = LAZY_JSON_LENGTH,
): InstanceNode<S> => {
  if (text.length >= lazyFrom) {
    const inherited = (options.qualifiedTop ?? true) || !('kind' in parent) ? undefined : parent.module;
    const raw = readJsonLazily(text, parent, inherited);
    if (raw !== undefined) return decodeJson(parent, raw, options);
  }
  return decodeJson(parent, parseJsonText(text), options);
};
