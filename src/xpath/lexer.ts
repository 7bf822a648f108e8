/**
 * @module xpath/lexer
 * Splits XPath text into tokens, applying the disambiguation rules of W3C XPath 1.0 §3.7:
 * `*` and NCNames are operators after a token that ends an operand; a name followed by `(`
 * is a NodeType or FunctionName; a name followed by `::` is an AxisName.
 */
import { AXES } from './ast.ts';
import type { Token, TokenType } from './token.ts';
import { XPathSyntaxError } from './xpath-syntax-error.ts';

/** NCName start characters: XML 1.0 NameStartChar without `:`. */
const NC_NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
/** NCName characters: XML 1.0 NameChar without `:`. */
const NC_NAME_CHAR = `${NC_NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const NC_NAME = new RegExp(`[${NC_NAME_START}][${NC_NAME_CHAR}]*`, 'uy');
const NUMBER = /[0-9]+(?:\.[0-9]*)?|\.[0-9]+/y;
const WHITESPACE = /[ \t\r\n]*/y;

const OPERATOR_NAMES: ReadonlySet<string> = new Set(['and', 'or', 'mod', 'div']);
const NODE_TYPES: ReadonlySet<string> = new Set(['comment', 'text', 'processing-instruction', 'node']);
/** Symbols after which `*` and NCNames start an operand rather than being operators (§3.7). */
const OPERAND_STARTERS: ReadonlySet<string> = new Set(['@', '::', '(', '[', ',']);

/** Tokenizes `text`; the last token is always `eof`. @see W3C XPath 1.0 §3.7 */
export function tokenizeXPath(text: string): readonly Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  const push = (type: TokenType, symbol: string, start: number, prefix?: string, value = Number.NaN): void => {
    tokens.push({ type, text: symbol, prefix, value, start });
  };
  const fail = (reason: string, at: number): never => {
    throw new XPathSyntaxError(reason, text, at);
  };
  /** §3.7: is the next `*` or NCName an operator, judging by the previous token? */
  const expectsOperator = (): boolean => {
    const previous = tokens.at(-1);
    if (previous === undefined) return false;
    if (previous.type === 'operator') return false;
    if (previous.type === 'punctuation') return !OPERAND_STARTERS.has(previous.text);
    return previous.type !== 'axis-name' && previous.type !== 'function-name' && previous.type !== 'node-type';
  };
  const matchAt = (pattern: RegExp, at: number): string | undefined => {
    pattern.lastIndex = at;
    return pattern.exec(text)?.[0];
  };
  const skipWhitespace = (at: number): number => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    return WHITESPACE.lastIndex;
  };

  for (;;) {
    offset = skipWhitespace(offset);
    if (offset >= text.length) break;
    const start = offset;
    const char = text[offset] as string;
    const next = text[offset + 1];
    switch (char) {
      case '(':
      case ')':
      case '[':
      case ']':
      case '@':
      case ',':
        push('punctuation', char, start);
        offset++;
        continue;
      case '.':
        if (next === '.') {
          push('punctuation', '..', start);
          offset += 2;
          continue;
        }
        if (next === undefined || next < '0' || next > '9') {
          push('punctuation', '.', start);
          offset++;
          continue;
        }
        break;
      case ':':
        if (next !== ':') fail('Unexpected ":"', start);
        push('punctuation', '::', start);
        offset += 2;
        continue;
      case '/':
        if (next === '/') {
          push('operator', '//', start);
          offset += 2;
        } else {
          push('operator', '/', start);
          offset++;
        }
        continue;
      case '|':
      case '+':
      case '-':
      case '=':
        push('operator', char, start);
        offset++;
        continue;
      case '!':
        if (next !== '=') fail('Expected "!="', start);
        push('operator', '!=', start);
        offset += 2;
        continue;
      case '<':
      case '>':
        if (next === '=') {
          push('operator', `${char}=`, start);
          offset += 2;
        } else {
          push('operator', char, start);
          offset++;
        }
        continue;
      case '*':
        push(expectsOperator() ? 'operator' : 'name-test', '*', start);
        offset++;
        continue;
      case '"':
      case "'": {
        const end = text.indexOf(char, offset + 1);
        if (end < 0) fail('Unterminated string literal', start);
        push('literal', text.slice(offset + 1, end), start);
        offset = end + 1;
        continue;
      }
      case '$': {
        const local = matchAt(NC_NAME, offset + 1);
        if (local === undefined) fail('Expected a variable name after "$"', offset + 1);
        offset = readQName(offset + 1, local as string, (prefix, name) => push('variable', name, start, prefix));
        continue;
      }
      default:
        break;
    }
    const number = matchAt(NUMBER, offset);
    if (number !== undefined) {
      push('number', number, start, undefined, Number(number));
      offset += number.length;
      continue;
    }
    const name = matchAt(NC_NAME, offset);
    if (name === undefined)
      fail(`Unexpected character ${JSON.stringify(String.fromCodePoint(text.codePointAt(offset) ?? 0))}`, start);
    const ncName = name as string;
    if (expectsOperator()) {
      if (!OPERATOR_NAMES.has(ncName)) fail(`Expected an operator, found "${ncName}"`, start);
      push('operator', ncName, start);
      offset += ncName.length;
      continue;
    }
    let prefix: string | undefined;
    let local = ncName;
    let end = offset + ncName.length;
    if (text[end] === ':' && text[end + 1] !== ':') {
      if (text[end + 1] === '*') {
        push('name-test', '*', start, ncName);
        offset = end + 2;
        continue;
      }
      const second = matchAt(NC_NAME, end + 1);
      if (second === undefined) fail('Expected a local name or "*" after ":"', end + 1);
      prefix = ncName;
      local = second as string;
      end += 1 + local.length;
    }
    const after = skipWhitespace(end);
    if (text[after] === '(') {
      push(prefix === undefined && NODE_TYPES.has(local) ? 'node-type' : 'function-name', local, start, prefix);
    } else if (text[after] === ':' && text[after + 1] === ':') {
      if (prefix !== undefined || !AXES.has(local)) fail(`Unknown axis "${text.slice(start, end)}"`, start);
      push('axis-name', local, start);
    } else {
      push('name-test', local, start, prefix);
    }
    offset = end;
  }
  push('eof', '', text.length);
  return tokens;

  function readQName(at: number, first: string, emit: (prefix: string | undefined, local: string) => void): number {
    const end = at + first.length;
    if (text[end] === ':' && text[end + 1] !== ':') {
      const second = matchAt(NC_NAME, end + 1);
      if (second === undefined) fail('Expected a local name after ":"', end + 1);
      emit(first, second as string);
      return end + 1 + (second as string).length;
    }
    emit(undefined, first);
    return end;
  }
}
