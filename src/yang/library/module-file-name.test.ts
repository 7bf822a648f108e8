/** @module yang/library/module-file-name.test */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseModuleFileName } from './module-file-name.ts';

describe('parseModuleFileName', () => {
  const cases: { name: string; input: string; expected: ReturnType<typeof parseModuleFileName> }[] = [
    { name: 'plain name', input: 'ietf-interfaces.yang', expected: { name: 'ietf-interfaces', revision: undefined } },
    {
      name: 'name with revision',
      input: 'ietf-ip@2014-06-16.yang',
      expected: { name: 'ietf-ip', revision: '2014-06-16' },
    },
    { name: 'dots in the name', input: 'a.b.yang', expected: { name: 'a.b', revision: undefined } },
    { name: 'yin is not yang', input: 'a.yin', expected: undefined },
    { name: 'malformed revision', input: 'a@2014.yang', expected: undefined },
    { name: 'name starting with a digit', input: '1a.yang', expected: undefined },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => assert.deepEqual(parseModuleFileName(testCase.input), testCase.expected));
  }
});
