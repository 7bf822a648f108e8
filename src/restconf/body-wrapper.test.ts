/**
 * @module restconf/body-wrapper.test
 * Datastore bodies with and without `ietf-restconf:data`, `data` or `config`; operation input
 * with `module:input`, `input` or no wrapper.
 * @see RFC 8040 §4.5, §3.6.1
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { assertManagementError } from './test-assertions.test-support.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();
const operation = (path: string) => {
  const target = parseDataResourcePath(path, schema);
  if (target.kind === 'rpc') return target.rpc;
  if (target.kind === 'action') return target.action;
  throw new Error(`${path} is not an operation`);
};
const reboot = operation('/example-ops:reboot');
const paint = operation('/t-paths:top/colored=red/paint');

describe('unwrapDatastoreBody', () => {
  const content = { 'example-jukebox:jukebox': { player: { gap: '0.5' } } };
  for (const wrapper of ['ietf-restconf:data', 'data', 'config']) {
    it(`unwraps ${wrapper}`, () => assert.deepEqual(unwrapDatastoreBody({ [wrapper]: content }), content));
  }
  it('takes an unwrapped body as it is', () => assert.equal(unwrapDatastoreBody(content), content));
  it('an empty wrapper is an empty datastore', () => assert.deepEqual(unwrapDatastoreBody({ data: {} }), {}));
  it('rejects a wrapper beside other members', () =>
    assertManagementError(() => unwrapDatastoreBody({ data: {}, 'example-jukebox:jukebox': {} }), {
      code: 'MALFORMED_MESSAGE',
      message: /only member/,
    }));
  it('rejects a wrapper that is not an object', () =>
    assertManagementError(() => unwrapDatastoreBody({ 'ietf-restconf:data': [] }), {
      code: 'MALFORMED_MESSAGE',
      message: /not an array/,
    }));
  for (const body of [null, [], 'text', 3]) {
    it(`rejects a body that is ${JSON.stringify(body)}`, () =>
      assertManagementError(() => unwrapDatastoreBody(body), { code: 'MALFORMED_MESSAGE' }));
  }
});

describe('unwrapOperationInput', () => {
  const input = { delay: 600, message: 'going down' };
  it('unwraps module:input (RFC 8040)', () =>
    assert.deepEqual(unwrapOperationInput({ 'example-ops:input': input }, reboot), input));
  it('unwraps input', () => assert.deepEqual(unwrapOperationInput({ input }, reboot), input));
  it('takes a body without wrapper as the input itself', () =>
    assert.equal(unwrapOperationInput(input, reboot), input));
  it('no body is empty input', () => assert.deepEqual(unwrapOperationInput(undefined, reboot), {}));
  it('an input of another module is not a wrapper (the decoder rejects it later)', () => {
    const body = { 'example-jukebox:input': input };
    assert.equal(unwrapOperationInput(body, reboot), body);
  });
  it('rejects a wrapper beside other members', () =>
    assertManagementError(() => unwrapOperationInput({ input, delay: 1 }, reboot), { code: 'MALFORMED_MESSAGE' }));
  it('rejects input that is not an object', () =>
    assertManagementError(() => unwrapOperationInput({ input: 'x' }, reboot), { code: 'MALFORMED_MESSAGE' }));
  it('rejects a body that is not an object', () =>
    assertManagementError(() => unwrapOperationInput([input], reboot), { code: 'MALFORMED_MESSAGE' }));
  it('a lone input member is the wrapper even when the input has a node named input', () =>
    assert.deepEqual(unwrapOperationInput({ input: { input: 'x' } }, paint), { input: 'x' }));
  it("beside other members, input is the input's own node of that name", () => {
    const body = { input: 'x', how: 'brush' };
    assert.equal(unwrapOperationInput(body, paint), body);
  });
});
