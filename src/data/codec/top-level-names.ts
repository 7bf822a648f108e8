/**
 * @module data/codec/top-level-names
 * The local names of the top-level members of a JSON document, or of the first element of an XML
 * document, read from the text without a schema: what tells a body that names an empty
 * non-presence container (which decodes to nothing) from a body that lacks it.
 * @see RFC 7951 §4 (member names), RFC 7950 §7.5.1 (non-presence containers)
 */

/** The local names at the top of `text` (none when the text does not parse that far). */
export const topLevelNames = (format: 'json' | 'xml', text: string): readonly string[] => {
  if (format === 'xml') {
    const name = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?([\w.-]+)/.exec(text)?.[1];
    return name === undefined ? [] : [name];
  }
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return [];
    return Object.keys(json).map((member) => member.slice(member.indexOf(':') + 1));
  } catch {
    return [];
  }
};
