/**
 * @module http/media-type
 * Parsing of media types as they appear in Content-Type and Accept. @see RFC 9110 §8.3.1
 */

/** A parsed media type: lower-cased `type/subtype` and its parameters. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  readonly parameters: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses one media type (`type/subtype;param=value`); undefined when it is not one. */
export const parseMediaType = (text: string): MediaType | undefined => {
  const [essence = '', ...parameterTexts] = splitOutsideQuotes(text, ';');
  const slash = essence.indexOf('/');
  if (slash < 0) return undefined;
  const type = essence.slice(0, slash).trim().toLowerCase();
  const subtype = essence
    .slice(slash + 1)
    .trim()
    .toLowerCase();
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const parameters: Record<string, string> = {};
  for (const parameterText of parameterTexts) {
    const equals = parameterText.indexOf('=');
    if (equals < 0) {
      if (parameterText.trim() === '') continue;
      return undefined;
    }
    const name = parameterText.slice(0, equals).trim().toLowerCase();
    let value = parameterText.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    if (!TOKEN.test(name)) return undefined;
    parameters[name] = value;
  }
  return { type, subtype, parameters };
};

/** `type/subtype` of a parsed media type. */
export const essenceOf = (mediaType: MediaType): string => `${mediaType.type}/${mediaType.subtype}`;

/** Splits `text` at `separator` characters that are not inside double quotes. */
export const splitOutsideQuotes = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (character === '"') quoted = !quoted;
    if (character === '\\' && quoted && index + 1 < text.length) {
      current += character + text[index + 1];
      index++;
      continue;
    }
    if (character === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
};

/**
 * The structured syntax a Content-Type names: `xml` for `…/xml` and `…+xml`, `json` for `…/json`
 * and `…+json`; undefined for anything else, or no header. @see RFC 6839 §3
 */
export const syntaxOf = (contentType: string | undefined): 'json' | 'xml' | undefined => {
  const mediaType = contentType === undefined ? undefined : parseMediaType(contentType);
  if (mediaType === undefined) return undefined;
  const { subtype } = mediaType;
  if (subtype === 'xml' || subtype.endsWith('+xml')) return 'xml';
  if (subtype === 'json' || subtype.endsWith('+json')) return 'json';
  return undefined;
};
