/**
 * @module data/codec/json/json-text
 * JSON text → JSON value, with syntax errors reported as `malformed-message` with a position.
 * @see RFC 8259, RFC 8040 §7 (malformed-message)
 */
import { MalformedMessageError } from '../../../errors/index.ts';

const lineAndColumn = (text: string, offset: number): string => {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    start = index + 1;
  }
  return `line ${line}, column ${offset - start + 1}`;
};

/** Parses JSON text; throws MalformedMessageError saying what is wrong and where. @see RFC 8259 */
export const parseJsonText = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // V8 names the offset for most errors, and none for an unexpected end (which is at the end).
    const position = /position (\d+)/.exec(error.message)?.[1];
    const offset =
      position !== undefined ? Number(position) : /end of JSON/.test(error.message) ? text.length : undefined;
    const where = offset === undefined ? '' : ` at ${lineAndColumn(text, offset)}`;
    const reason = error.message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
    throw new MalformedMessageError(`the body is not valid JSON${where}: ${reason}`, { cause: error });
  }
};
