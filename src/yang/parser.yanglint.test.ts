/**
 * @module yang/parser.yanglint.test
 * Oracle test: every description/reference/contact/organization argument we parse from the yuma modules
 * equals libyang's (from `yanglint -f yin`), which checks quoting, escapes, concatenation and the
 * double-quote indentation rule on real text.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parseYang } from './parser.ts';
import type { Statement } from './statement.ts';

const YUMA_DIRECTORY = '/usr/share/yuma/modules';
const TEXT_KEYWORDS = new Set(['description', 'reference', 'contact', 'organization']);

const available = ((): string | undefined => {
  try {
    statSync(YUMA_DIRECTORY);
  } catch {
    return `${YUMA_DIRECTORY} is absent (install libyuma-base)`;
  }
  try {
    execFileSync('yanglint', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'yanglint is not installed (install libyang2-tools)';
  }
  return undefined;
})();

const unescapeXml = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

const ourTexts = (statement: Statement, into: string[] = []): string[] => {
  if (statement.prefix === undefined && TEXT_KEYWORDS.has(statement.keyword)) into.push(statement.argument ?? '');
  for (const sub of statement.substatements) ourTexts(sub, into);
  return into;
};

describe('parseYang agrees with yanglint', () => {
  const skip = available !== undefined && process.env.CI !== 'true' ? available : false;
  it('on every text argument of the yuma modules', { skip }, () => {
    const files = readdirSync(YUMA_DIRECTORY, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.yang'))
      .map((file) => join(YUMA_DIRECTORY, file));
    const searchPath = [...new Set(files.map((file) => dirname(file)))].flatMap((directory) => ['-p', directory]);
    let compared = 0;
    for (const file of files) {
      let yin: string;
      try {
        yin = execFileSync('yanglint', [...searchPath, '-f', 'yin', file], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch {
        continue; // libyang rejects a few (e.g. a lone submodule); the corpus test covers those files' syntax
      }
      const theirs = [...yin.matchAll(/<text>([\s\S]*?)<\/text>/g)].map((match) => unescapeXml(match[1] ?? '')).sort();
      const { statement } = parseYang(readFileSync(file, 'utf8'), file);
      assert.ok(statement, file);
      assert.deepEqual(ourTexts(statement).sort(), theirs, file);
      compared += 1;
    }
    assert.ok(compared >= 70, `only ${compared} modules compared`);
  });
});
