/**
 * @module test/nacm/operations.test
 * `exec` on RPCs and actions, end to end over HTTPS on both APIs, with a module of RPCs and an
 * action loaded by `--yang-dir` (nothing implements them: an invocation NACM permits reaches
 * the server and answers 501). `exec-default permit` lets a user in no group invoke what no
 * rule forbids, except an RPC marked `nacm:default-deny-all`; an `rpc-name` rule refuses one RPC;
 * an action needs read access to its instance, so a hidden instance refuses it whether it
 * exists or not. Each refusal is 403, counts in `denied-operations` and changes nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TestResponse } from '../support/https-request.ts';
import { assertRefusedOperation, errorTag } from './nacm-checks.ts';
import type { NacmServer, Role } from './nacm-server.ts';
import { startNacmServer } from './nacm-server.ts';

const MODULE = `module ops-tools {
  yang-version 1.1;
  namespace "urn:example:ops-tools";
  prefix ot;
  import ietf-netconf-acm { prefix nacm; }
  revision 2024-01-01;
  container tools {
    list tool {
      key name;
      leaf name { type string; }
      action calibrate { }
    }
  }
  rpc restart-runtime { input { leaf delay { type uint8; } } }
  rpc wipe-everything { nacm:default-deny-all; }
}`;

const TOOL = (name: string) => `/data/ops-tools:tools/tool=${name}/calibrate`;
const LEGACY_TOOL = (name: string) => `/running/tools/tool/${name}/_operations/calibrate`;

describe('NACM: exec on RPCs and actions, both APIs', () => {
  let yangDir = '';
  let server: NacmServer;
  const rpc = (role: Role, name: string) => server.restconf(role, 'POST', `/operations/ops-tools:${name}`);
  const legacyRpc = (role: Role, name: string) => server.rest(role, 'POST', `/operations/ops-tools:${name}`);
  /** Permitted by NACM: the server got to the point of finding no implementation. */
  const assertReachedServer = (response: TestResponse, what: string): void => {
    assert.equal(response.status, 501, `${what}: ${response.body}`);
    assert.equal(errorTag(response), 'operation-not-supported', what);
  };

  before(async () => {
    yangDir = mkdtempSync(join(tmpdir(), 'idconf-nacm-ops-'));
    writeFileSync(join(yangDir, 'ops-tools@2024-01-01.yang'), MODULE);
    server = await startNacmServer(['--yang-dir', yangDir]);
    const setup = await server.restconf('admin', 'PATCH', '/data', {
      'ietf-restconf:data': {
        'ops-tools:tools': { tool: [{ name: 'probe' }, { name: 'laser' }] },
        'ietf-netconf-acm:nacm': {
          'rule-list': [
            {
              name: 'auditors',
              group: ['auditors'],
              rule: [
                {
                  name: 'no-restarts',
                  'module-name': 'ops-tools',
                  'rpc-name': 'restart-runtime',
                  'access-operations': 'exec',
                  action: 'deny',
                },
              ],
            },
            {
              name: 'operators',
              group: ['operators'],
              rule: [
                {
                  name: 'no-laser',
                  path: "/ops-tools:tools/tool[name='laser']",
                  'access-operations': 'read',
                  action: 'deny',
                },
              ],
            },
          ],
        },
      },
    });
    assert.equal(setup.status, 204, setup.body);
  });
  after(async () => {
    await server?.stop();
    rmSync(yangDir, { recursive: true, force: true });
  });

  it('exec-default permit: a user in no group invokes an RPC no rule names, on both APIs', async () => {
    assertReachedServer(await rpc('nobody', 'restart-runtime'), 'RESTCONF');
    assertReachedServer(await legacyRpc('nobody', 'restart-runtime'), 'legacy');
  });

  it('an RPC marked nacm:default-deny-all is refused to all but those a rule permits', async () => {
    await assertRefusedOperation(server, () => rpc('nobody', 'wipe-everything'));
    await assertRefusedOperation(server, () => legacyRpc('operator', 'wipe-everything'));
    assertReachedServer(await rpc('admin', 'wipe-everything'), 'admin');
  });

  it('an rpc-name rule refuses that RPC to its group, on both APIs', async () => {
    await assertRefusedOperation(server, () => rpc('auditor', 'restart-runtime'));
    await assertRefusedOperation(server, () => legacyRpc('auditor', 'restart-runtime'));
    assertReachedServer(await rpc('operator', 'restart-runtime'), 'operators have no such rule');
  });

  it('an action needs read access to its instance: a hidden one is refused, present or not', async () => {
    assertReachedServer(await server.restconf('operator', 'POST', TOOL('probe')), 'a visible tool');
    assertReachedServer(await server.rest('operator', 'POST', LEGACY_TOOL('probe')), 'a visible tool, legacy');
    const present = await assertRefusedOperation(server, () => server.restconf('operator', 'POST', TOOL('laser')));
    await assertRefusedOperation(server, () => server.rest('operator', 'POST', LEGACY_TOOL('laser')));
    assert.doesNotMatch(present.body, /probe/);
    assert.equal((await server.restconf('admin', 'DELETE', '/data/ops-tools:tools/tool=laser')).status, 204);
    const gone = await assertRefusedOperation(server, () => server.restconf('operator', 'POST', TOOL('laser')));
    assert.equal(gone.body, present.body, 'the same answer once the hidden tool is gone');
    // For anyone who may read it, a missing instance is 409 data-missing.
    const missing = await server.restconf('nobody', 'POST', TOOL('ghost'));
    assert.equal(missing.status, 409, missing.body);
    assert.equal(errorTag(missing), 'data-missing');
  });
});
