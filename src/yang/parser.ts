/**
 * @module yang/parser
 * The syntax stage: YANG source text → one generic `Statement` tree (RFC 7950 §6.3, §14's `stmt` rules).
 * Only the generic grammar is checked, plus that the file holds exactly one `module` or `submodule`;
 * keyword-specific rules belong to the compiler. All problems are collected, never thrown.
 */

import type { Token } from './lexer.ts';
import { tokenize } from './lexer.ts';
import type { Diagnostic, SourceLocation, Statement } from './statement.ts';

/** The statements and diagnostics of one parsed file; `statement` is the `module` or `submodule`, if found. */
export interface ParseResult {
  readonly statement: Statement | undefined;
  readonly diagnostics: Diagnostic[];
}

/** `identifier` or `prefix:identifier`. @see RFC 7950 §14 (identifier, prefixed keyword) */
const KEYWORD = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** A statement under construction, kept on an explicit stack so that deep nesting cannot overflow. */
interface OpenStatement {
  readonly keyword: string;
  readonly prefix: string | undefined;
  readonly argument: string | undefined;
  readonly location: SourceLocation;
  readonly substatements: Statement[];
}

const describe = (token: Token): string =>
  token.kind === 'end' ? 'end of input' : token.kind === 'string' ? `"${token.value}"` : `"${token.kind}"`;

/**
 * Parses one YANG file into its `module`/`submodule` statement, collecting every diagnostic.
 * Never throws: on bad input it returns what it could build and at least one error diagnostic.
 * @see RFC 7950 §6.3
 */
export const parseYang = (text: string, file: string): ParseResult => {
  const lexed = tokenize(text, file);
  const { tokens } = lexed;
  const diagnostics: Diagnostic[] = [...lexed.diagnostics];
  const at = (token: Token): SourceLocation => ({ file, line: token.line, column: token.column });
  const report = (code: string, message: string, token: Token): void => {
    diagnostics.push({ severity: 'error', code, message, location: at(token) });
  };

  const top: Statement[] = [];
  const stack: OpenStatement[] = [];
  const addToParent = (statement: Statement): void => {
    (stack.at(-1)?.substatements ?? top).push(statement);
  };
  /** Finishes a block; an anonymous one (a stray `{` or a bad keyword) hands its children to its parent. */
  const close = (open: OpenStatement): void => {
    if (open.keyword === '') open.substatements.forEach(addToParent);
    else addToParent({ ...open });
  };
  let position = 0;
  const endToken = tokens.at(-1) ?? { kind: 'end', value: '', quoted: false, line: 1, column: 1 };
  const next = (): Token => tokens[position++] ?? endToken;
  const peek = (): Token => tokens[position] ?? endToken;

  for (;;) {
    const token = next();
    if (token.kind === 'end') break;
    if (token.kind === '}') {
      const open = stack.pop();
      if (open === undefined) {
        report('unexpected-token', 'unexpected "}" without a matching "{"', token);
      } else {
        close(open);
      }
      continue;
    }
    if (token.kind === ';' || token.kind === '{') {
      report('unexpected-token', `unexpected ${describe(token)}, expected a keyword`, token);
      // A stray `{` still opens a block; skipping it keeps the braces balanced for what follows.
      if (token.kind === '{')
        stack.push({ keyword: '', prefix: undefined, argument: undefined, location: at(token), substatements: [] });
      continue;
    }

    const match = token.quoted ? null : KEYWORD.exec(token.value);
    if (match === null) {
      report('invalid-keyword', `invalid keyword ${describe(token)}`, token);
    }
    const keyword = match?.[2] ?? token.value;
    const prefix = match?.[1];

    let argument: string | undefined;
    if (peek().kind === 'string') argument = next().value;

    const terminator = peek();
    if (terminator.kind === ';') {
      position += 1;
      if (match !== null) addToParent({ keyword, prefix, argument, substatements: [], location: at(token) });
    } else if (terminator.kind === '{') {
      position += 1;
      stack.push({ keyword: match === null ? '' : keyword, prefix, argument, location: at(token), substatements: [] });
    } else {
      // Most often a forgotten `;`: end the statement here and read what follows as the next statement.
      report(
        'missing-terminator',
        `expected ";" or "{" after ${describe(token)}, found ${describe(terminator)}`,
        terminator,
      );
      if (match !== null) addToParent({ keyword, prefix, argument, substatements: [], location: at(token) });
    }
  }

  for (let open = stack.pop(); open !== undefined; open = stack.pop()) {
    diagnostics.push({
      severity: 'error',
      code: 'unclosed-block',
      message: `"${open.keyword === '' ? '{' : open.keyword}" opened at ${open.location.line}:${open.location.column} is not closed by "}"`,
      location: at(endToken),
    });
    close(open);
  }

  const statement = selectModule(top, diagnostics, at(endToken));
  applyEscapeSeverity(diagnostics, statement);
  return { statement, diagnostics };
};

/** Checks that the file holds exactly one top-level `module` or `submodule` statement and returns it. */
const selectModule = (
  top: readonly Statement[],
  diagnostics: Diagnostic[],
  end: SourceLocation,
): Statement | undefined => {
  const first = top[0];
  if (first === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'missing-module',
      message: 'no "module" or "submodule" statement',
      location: end,
    });
    return undefined;
  }
  for (const extra of top.slice(1)) {
    diagnostics.push({
      severity: 'error',
      code: 'unexpected-statement',
      message: `unexpected top-level "${extra.keyword}": a file holds exactly one module or submodule`,
      location: extra.location,
    });
  }
  if (first.prefix !== undefined || (first.keyword !== 'module' && first.keyword !== 'submodule')) {
    diagnostics.push({
      severity: 'error',
      code: 'missing-module',
      message: `expected "module" or "submodule" at the top level, found "${first.keyword}"`,
      location: first.location,
    });
    return undefined;
  }
  return first;
};

/**
 * Unknown backslash escapes are errors only in YANG 1.1; YANG 1.0 (RFC 6020) left them undefined,
 * so for a 1.0 module they are downgraded to warnings (the backslash is kept, as libyang and pyang do).
 * @see RFC 7950 §6.1.3
 */
const applyEscapeSeverity = (diagnostics: Diagnostic[], statement: Statement | undefined): void => {
  const version = statement?.substatements.find((sub) => sub.keyword === 'yang-version' && sub.prefix === undefined);
  if (version?.argument === '1.1') return;
  diagnostics.forEach((diagnostic, index) => {
    if (diagnostic.code === 'invalid-escape') diagnostics[index] = { ...diagnostic, severity: 'warning' };
  });
};
