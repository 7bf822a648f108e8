import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMediaType } from './media-type.ts';

describe('parseMediaType', () => {
  it('parses type, subtype and parameters', () => {
    assert.deepEqual(parseMediaType('Application/Yang-Data+JSON; charset="utf-8"'), {
      type: 'application',
      subtype: 'yang-data+json',
      parameters: { charset: 'utf-8' },
    });
  });
  const invalid = ['', 'json', '/json', 'application/', 'a b/c', 'application/json; =x', 'application/json; bad'];
  for (const text of invalid) {
    it(`rejects ${JSON.stringify(text)}`, () => assert.equal(parseMediaType(text), undefined));
  }
  it('allows a trailing semicolon', () => assert.equal(parseMediaType('application/xml;')?.subtype, 'xml'));
});
