import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { negotiate } from './accept.ts';

const OFFERS = ['application/yang-data+json', 'application/yang-data+xml'];

describe('negotiate', () => {
  const cases: { name: string; accept: string | undefined; expected: string | undefined }[] = [
    { name: 'no Accept header takes the first offer', accept: undefined, expected: 'application/yang-data+json' },
    { name: 'empty Accept takes the first offer', accept: '', expected: 'application/yang-data+json' },
    { name: '*/* takes the first offer', accept: '*/*', expected: 'application/yang-data+json' },
    { name: 'exact xml', accept: 'application/yang-data+xml', expected: 'application/yang-data+xml' },
    { name: 'case-insensitive type', accept: 'Application/YANG-Data+XML', expected: 'application/yang-data+xml' },
    {
      name: 'q-values decide',
      accept: 'application/yang-data+json;q=0.5, application/yang-data+xml',
      expected: 'application/yang-data+xml',
    },
    { name: 'type wildcard', accept: 'application/*', expected: 'application/yang-data+json' },
    { name: 'nothing acceptable', accept: 'text/html', expected: undefined },
    {
      name: 'q=0 excludes',
      accept: 'application/yang-data+json;q=0, */*;q=0.1',
      expected: 'application/yang-data+xml',
    },
    {
      name: 'more specific range wins over wildcard',
      accept: '*/*;q=0.9, application/yang-data+json;q=0.1',
      expected: 'application/yang-data+xml',
    },
    {
      name: 'garbage entries are ignored',
      accept: 'nonsense, application/yang-data+xml',
      expected: 'application/yang-data+xml',
    },
    { name: 'bad q is ignored', accept: 'application/yang-data+xml;q=2', expected: undefined },
    {
      name: 'quoted comma in a parameter',
      accept: 'text/plain;x="a,b", application/yang-data+xml',
      expected: 'application/yang-data+xml',
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => assert.equal(negotiate(testCase.accept, OFFERS), testCase.expected));
  }
});
