/**
 * @module yang/lexer
 * The first stage of the syntax stage: YANG source text → tokens (strings, `;`, `{`, `}`).
 * Quoting, escapes, the double-quote indentation rule and `+` concatenation are resolved here,
 * so a string token's `value` is the final argument text.
 * @see RFC 7950 §6.1, §14
 */
import type { Diagnostic } from './statement.ts';

/** What a token is: a (quoted or unquoted) string, a punctuation character, or the end of input. */
export type TokenKind = 'string' | ';' | '{' | '}' | 'end';

/** One token with its 1-based start position. @see RFC 7950 §6.1.2 */
export interface Token {
  readonly kind: TokenKind;
  /** The resolved text of a string token (quotes removed, escapes applied, parts joined); the character otherwise. */
  readonly value: string;
  /** True when the string was written in single or double quotes (a keyword never is). */
  readonly quoted: boolean;
  readonly line: number;
  readonly column: number;
}

/** The tokens of one source text, always ending with an `end` token, and the lexical diagnostics. */
export interface LexResult {
  readonly tokens: readonly Token[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A tab counts as this many columns when stripping the indentation of a double-quoted string. @see RFC 7950 §6.1.3 */
const TAB_WIDTH = 8;

/** Characters that end an unquoted string (besides the comment sequences). @see RFC 7950 §6.1.3 */
const UNQUOTED_TERMINATORS = new Set([' ', '\t', '\n', '\r', '"', "'", ';', '{', '}']);

/** The escapes allowed after a backslash in a double-quoted string. @see RFC 7950 §6.1.3 */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', '"': '"', '\\': '\\' };

interface MutableToken {
  kind: TokenKind;
  value: string;
  quoted: boolean;
  line: number;
  column: number;
}

/**
 * Splits YANG source text into tokens; never throws, reporting problems as diagnostics.
 * A backslash escape other than `\n \t \" \\` is reported with code `invalid-escape` (the backslash is kept);
 * the parser decides its severity from the module's `yang-version`.
 * @see RFC 7950 §6.1
 */
export const tokenize = (source: string, file: string): LexResult => {
  // Line breaks are LF; a CR before LF carries no meaning in YANG text and would upset column counting.
  const text = source.replaceAll('\r\n', '\n');
  const tokens: MutableToken[] = [];
  const diagnostics: Diagnostic[] = [];
  let index = 0;
  let line = 1;
  let lineStart = 0;
  /** Position of a `+` that follows a quoted string and waits for the next quoted part. */
  let pendingPlus: { line: number; column: number } | undefined;

  const report = (code: string, message: string, atLine: number, atColumn: number): void => {
    diagnostics.push({ severity: 'error', code, message, location: { file, line: atLine, column: atColumn } });
  };
  const newline = (): void => {
    line += 1;
    lineStart = index;
  };

  /** Skips whitespace and comments; returns at the next token character or the end of text. */
  const skipSeparators = (): void => {
    while (index < text.length) {
      const char = text[index];
      if (char === '\n') {
        index += 1;
        newline();
      } else if (char === ' ' || char === '\t' || char === '\r') {
        index += 1;
      } else if (char === '/' && text[index + 1] === '/') {
        const end = text.indexOf('\n', index);
        index = end === -1 ? text.length : end;
      } else if (char === '/' && text[index + 1] === '*') {
        const startLine = line;
        const startColumn = index - lineStart + 1;
        index += 2;
        for (;;) {
          if (index >= text.length) {
            report('unterminated-comment', 'block comment is not closed by "*/"', startLine, startColumn);
            break;
          }
          if (text[index] === '*' && text[index + 1] === '/') {
            index += 2;
            break;
          }
          if (text[index] === '\n') {
            index += 1;
            newline();
          } else {
            index += 1;
          }
        }
      } else {
        return;
      }
    }
  };

  const readSingleQuoted = (startLine: number, startColumn: number): string => {
    index += 1;
    let value = '';
    for (;;) {
      const char = text[index];
      if (char === undefined) {
        report('unterminated-string', 'single-quoted string is not closed', startLine, startColumn);
        return value;
      }
      index += 1;
      if (char === "'") return value;
      value += char;
      if (char === '\n') newline();
    }
  };

  const readDoubleQuoted = (startLine: number, startColumn: number): string => {
    // Continuation lines lose their indentation up to and including the quote's column (tabs = 8 columns).
    let stripLimit = 1;
    for (let position = lineStart; position < index; position += 1) {
      stripLimit += text[position] === '\t' ? TAB_WIDTH : 1;
    }
    index += 1;
    let value = '';
    // Literal spaces and tabs at the end of `value`: removed when a line break follows (escaped ones stay).
    let trailingWhitespace = 0;
    for (;;) {
      const char = text[index];
      if (char === undefined) {
        report('unterminated-string', 'double-quoted string is not closed', startLine, startColumn);
        return value;
      }
      if (char === '"') {
        index += 1;
        return value;
      }
      if (char === '\\') {
        const escaped = text[index + 1];
        const replacement = escaped === undefined ? undefined : ESCAPES[escaped];
        if (replacement !== undefined) {
          value += replacement;
          index += 2;
        } else {
          report(
            'invalid-escape',
            `invalid escape "\\${escaped ?? ''}" in double-quoted string (only \\n \\t \\" \\\\ are allowed)`,
            line,
            index - lineStart + 1,
          );
          value += '\\';
          index += 1;
        }
        trailingWhitespace = 0;
        continue;
      }
      index += 1;
      if (char === '\n') {
        value = `${value.slice(0, value.length - trailingWhitespace)}\n`;
        trailingWhitespace = 0;
        newline();
        let column = 0;
        while (column < stripLimit) {
          const indent = text[index];
          if (indent === ' ') {
            column += 1;
          } else if (indent === '\t') {
            if (column + TAB_WIDTH > stripLimit) {
              // A tab straddling the limit: the columns beyond it stay, as spaces.
              const kept = column + TAB_WIDTH - stripLimit;
              value += ' '.repeat(kept);
              trailingWhitespace += kept;
            }
            column += TAB_WIDTH;
          } else {
            break;
          }
          index += 1;
        }
        continue;
      }
      value += char;
      trailingWhitespace = char === ' ' || char === '\t' ? trailingWhitespace + 1 : 0;
    }
  };

  const readUnquoted = (): string => {
    const start = index;
    while (index < text.length) {
      const char = text[index] ?? '';
      if (UNQUOTED_TERMINATORS.has(char)) break;
      const next = text[index + 1];
      if (char === '/' && (next === '/' || next === '*')) break;
      if (char === '*' && next === '/') break;
      index += 1;
    }
    return text.slice(start, index);
  };

  for (;;) {
    skipSeparators();
    const char = text[index];
    const column = index - lineStart + 1;
    if (char === undefined) break;

    const previous = tokens.at(-1);
    const quoted = char === '"' || char === "'";
    if (pendingPlus !== undefined) {
      if (quoted && previous !== undefined) {
        previous.value += char === '"' ? readDoubleQuoted(line, column) : readSingleQuoted(line, column);
        pendingPlus = undefined;
        continue;
      }
      report('invalid-concatenation', '"+" must be followed by a quoted string', pendingPlus.line, pendingPlus.column);
      pendingPlus = undefined;
    }

    if (quoted) {
      const startLine = line;
      const value = char === '"' ? readDoubleQuoted(line, column) : readSingleQuoted(line, column);
      tokens.push({ kind: 'string', value, quoted: true, line: startLine, column });
    } else if (char === ';' || char === '{' || char === '}') {
      index += 1;
      tokens.push({ kind: char, value: char, quoted: false, line, column });
    } else if (char === '+' && previous?.kind === 'string' && previous.quoted) {
      // After a quoted string only `;`, `{` or a concatenation may follow, so `+` here is the operator.
      index += 1;
      pendingPlus = { line, column };
    } else if (char === '*' && text[index + 1] === '/') {
      index += 2;
      report('unexpected-comment-end', '"*/" outside a block comment', line, column);
    } else {
      const startLine = line;
      tokens.push({ kind: 'string', value: readUnquoted(), quoted: false, line: startLine, column });
    }
  }
  if (pendingPlus !== undefined) {
    report('invalid-concatenation', '"+" must be followed by a quoted string', pendingPlus.line, pendingPlus.column);
  }
  tokens.push({ kind: 'end', value: '', quoted: false, line, column: index - lineStart + 1 });
  return { tokens, diagnostics };
};
