import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnknownElementError } from './errors.ts';

describe('ManagementError', () => {
  it('writes control characters of the message and of error-info as \\uXXXX', () => {
    const error = new UnknownElementError('"foo\u0000bar\u001b[2J" is not a node name', {
      info: { 'bad-element': 'foo\u0000bar' },
    });
    assert.equal(error.message, '"foo\\u0000bar\\u001b[2J" is not a node name');
    assert.deepEqual(error.info, { 'bad-element': 'foo\\u0000bar' });
  });
});
