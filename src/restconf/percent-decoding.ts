/**
 * @module restconf/percent-decoding
 * Percent-decoding of URI components (RFC 3986 §2.1) into UTF-8 text, with a clear error for
 * a bad escape, bytes that are not UTF-8, or control characters no YANG value can hold.
 * @see RFC 3986 §2.1, RFC 8040 §3.5.3, RFC 7950 §9.4 (legal characters)
 */
import { MalformedMessageError } from '../errors/index.ts';

// C0 controls other than TAB, LF and CR are outside every YANG lexical space (RFC 7950 §9.4, §6.1.3);
// U+0000 also separates the key values of list entries in the data layer.
const isForbiddenControl = (code: number): boolean => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;

const hasForbiddenControl = (text: string): boolean => {
  for (let index = 0; index < text.length; index++) if (isForbiddenControl(text.charCodeAt(index))) return true;
  return false;
};

/**
 * Decodes `%XX` escapes (a `+` stays a plus sign, as RFC 3986 has it); `what` names the part
 * of the request for the message. Throws MalformedMessageError on a bad escape or bad UTF-8.
 */
export const percentDecode = (text: string, what: string): string => {
  if (!text.includes('%')) return checkControls(text, what);
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    throw new MalformedMessageError(
      `${what} "${text}" has a bad percent-encoding: each "%" must start a %XX escape of UTF-8 bytes (write "%25" for "%")`,
    );
  }
  return checkControls(decoded, what);
};

const checkControls = (text: string, what: string): string => {
  if (hasForbiddenControl(text)) {
    throw new MalformedMessageError(`${what} contains a control character, which no YANG value can hold`);
  }
  return text;
};
