/**
 * @module restconf/operations-path.test
 * Paths below `{+restconf}/operations`: the resource itself, RPCs by name, and actions by
 * their data path (the identity service's extension).
 * @see RFC 8040 §3.3.2, §3.6
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatInstancePath } from '../data/index.ts';
import { parseOperationsPath } from './operations-path.ts';
import { assertManagementError } from './test-assertions.test-support.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();

describe('parseOperationsPath', () => {
  it('an empty path is the operations resource', () => {
    assert.deepEqual(parseOperationsPath('', schema), { kind: 'operations' });
    assert.deepEqual(parseOperationsPath('/', schema), { kind: 'operations' });
    assert.deepEqual(parseOperationsPath([], schema), { kind: 'operations' });
  });
  it('an RPC by module:name', () => {
    const target = parseOperationsPath('/example-ops:reboot', schema);
    assert.equal(target.kind === 'rpc' && `${target.rpc.module}:${target.rpc.name}`, 'example-ops:reboot');
  });
  it('an RPC without its module name is 400 (RFC 8040 §3.6: module:rpc)', () =>
    assertManagementError(() => parseOperationsPath('/play', schema), {
      code: 'INVALID_VALUE',
      path: '/',
      message: /"play" needs its module name.*example-jukebox:play/,
    }));
  it('an action by the data path of its instance, its first node with or without its module (extension)', () => {
    const qualified = parseOperationsPath('/base:facilities/crypto/add-signature-verification-key', schema);
    assert.equal(qualified.kind === 'action' && formatInstancePath(qualified.path), '/base:facilities/crypto');
    const target = parseOperationsPath('/facilities/crypto/add-signature-verification-key', schema);
    assert.equal(target.kind, 'action');
    if (target.kind !== 'action') return;
    assert.equal(target.action.name, 'add-signature-verification-key');
    assert.equal(formatInstancePath(target.path), '/base:facilities/crypto');
  });
  it('an action of a list entry', () => {
    const target = parseOperationsPath('/example-actions:interfaces/interface=eth0/reset', schema);
    assert.equal(
      target.kind === 'action' && formatInstancePath(target.path),
      "/example-actions:interfaces/interface[name='eth0']",
    );
  });
  it('a data node is not an operation', () =>
    assertManagementError(() => parseOperationsPath('/example-jukebox:jukebox/library', schema), {
      code: 'INVALID_VALUE',
      path: '/example-jukebox:jukebox/library',
      message: /not an operation/,
    }));
  it('an unknown operation', () =>
    assertManagementError(() => parseOperationsPath('/example-ops:rebooot', schema), { code: 'UNKNOWN_ELEMENT' }));
  it('an unknown module', () =>
    assertManagementError(() => parseOperationsPath('/example-opz:reboot', schema), { code: 'UNKNOWN_NAMESPACE' }));
  it('something below an RPC', () =>
    assertManagementError(() => parseOperationsPath('/example-ops:reboot/input', schema), {
      code: 'UNKNOWN_ELEMENT',
      path: '/example-ops:reboot',
    }));
});
