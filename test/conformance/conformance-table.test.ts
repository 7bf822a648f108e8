/**
 * @module test/conformance/conformance-table.test
 * The conformance table of docs/restconf.md and the clause tests of test/conformance stay in
 * step: every clause test has its row (clause, file, name), and the row's status agrees with
 * the test: a test marked todo is not listed as passing, and a test that must pass is listed as
 * passing or as a documented deviation.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_NAME = /test\(\s*(['"])((?:\\.|(?!\1).)*)\1\s*,\s*(\{\s*todo:\s*(['"])(?:\\.|(?!\4).)*\4[^}]*\}\s*,)?/g;

interface ClauseTest {
  readonly file: string;
  readonly clause: string;
  readonly requirement: string;
  readonly todo: boolean;
}

const clauseTests = (): ClauseTest[] =>
  readdirSync(import.meta.dirname)
    .filter((file) => /^rfc\d+-.*\.test\.ts$/.test(file))
    .flatMap((file) =>
      [...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(TEST_NAME)].map((match) => {
        const name = String(match[2]).replace(/\\(['"])/g, '$1');
        const colon = name.indexOf(': ');
        return {
          file: file.replace(/\.test\.ts$/, ''),
          clause: name.slice(0, colon),
          requirement: name.slice(colon + 2),
          todo: match[3] !== undefined,
        };
      }),
    );

/** The status column of each row of the table, by its clause and test columns. */
const tableRows = (): Map<string, string> => {
  const rows = new Map<string, string>();
  for (const line of readFileSync(join(ROOT, 'docs', 'restconf.md'), 'utf8').split('\n')) {
    const cells = /^\| (.+?) \| (`.+?`: .+) \| (.+) \|$/.exec(line);
    if (cells !== null) rows.set(`${cells[1]} | ${cells[2]}`, String(cells[3]));
  }
  return rows;
};

describe('the conformance table in docs/restconf.md', () => {
  const tests = clauseTests();
  const rows = tableRows();

  it('finds the clause tests', () => {
    assert.ok(tests.length > 150, `${tests.length} tests found`);
    for (const test of tests) assert.match(test.clause, /^RFC \d+ §/, `${test.file}: ${test.clause}`);
  });

  it('has a row for every clause test, with a status that agrees', () => {
    for (const test of tests) {
      const key = `${test.clause} | \`${test.file}\`: ${test.requirement}`;
      const status = rows.get(key);
      assert.ok(status !== undefined, `no row for: ${key}`);
      if (test.todo) assert.doesNotMatch(status, /^passes/, key);
      else assert.match(status, /^(passes|deviation \(D\d+\))/, key);
    }
  });

  it('lists no test that does not exist', () => {
    const names = new Set(tests.map((test) => `${test.clause} | \`${test.file}\`: ${test.requirement}`));
    for (const key of rows.keys()) if (key.includes('`rfc')) assert.ok(names.has(key), `row without a test: ${key}`);
  });
});
