/**
 * @module management/management-service.test
 * The management layer without a front-end: reads merged with only the providers addressed,
 * edits attributed to the session, the operation framework (binding, input and output checks,
 * commits made by handlers), the rollback actions, and the AccessControl seam that NACM will
 * fill (reads, the diff of every commit, operations).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataSchemaNode, DataTree, InstancePath, InstancePathStep, OperationData } from '../data/index.ts';
import { decodeJson, encodeJsonString } from '../data/index.ts';
import { Datastore, MemoryJournalStore } from '../datastore/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import type { OperationNode, SchemaParent, SchemaTree } from '../yang/index.ts';
import type { AccessControl } from './access-control.ts';
import { ManagementService } from './management-service.ts';
import { resolveOperation } from './operation-path.ts';
import type { Session } from './session.ts';

const SESSION: Session = { principal: { user: 'ann', groups: ['ops'], method: 'basic' }, via: 'restconf' };

const schema: SchemaTree = testSchema([], ['example-jukebox', 'example-actions', 'example-ops', 'idconf-rollback']);

const INITIAL = {
  'example-jukebox:jukebox': { player: { gap: '0.5' } },
  'example-actions:interfaces': { interface: [{ name: 'eth0' }] },
};

const open = async (accessControl?: AccessControl): Promise<ManagementService> => {
  const datastore = await Datastore.open({
    schema,
    journal: new MemoryJournalStore(),
    initial: (): DataTree => decodeJson(schema, INITIAL, { schema, config: true }),
  });
  return ManagementService.create({
    datastore,
    ...(accessControl === undefined ? {} : { accessControl }),
    dataPathParser: () => [],
  });
};

const json = (management: ManagementService, tree: DataTree): unknown =>
  JSON.parse(encodeJsonString(tree, management.schema));

const input = (operation: OperationNode, members: object): OperationData =>
  decodeJson(operation.input, members, { schema, qualifiedTop: false });

/** The instance path of `module:a/b=key/c` (single-key lists only). */
const pathOf = (text: string): InstancePath => {
  const [module, rest = ''] = text.split(':');
  const path: InstancePathStep[] = [];
  let parent: SchemaParent = schema;
  for (const step of rest.split('/')) {
    const [name, key] = step.split('=');
    const node = parent.dataChildIndex.get(`${module}:${name}`) as DataSchemaNode;
    path.push(key === undefined ? { schema: node } : { schema: node, keys: [key] });
    parent = node as SchemaParent;
  }
  return path;
};

describe('ManagementService', () => {
  it('a read of configuration runs no provider; a read of the datastore runs them all', async () => {
    const management = await open();
    let built = 0;
    management.registerProvider({
      node: 'idconf-rollback:rollback-files',
      build: () => {
        built++;
        return undefined;
      },
    });
    const config = await management.read(SESSION, pathOf('example-jukebox:jukebox/player'));
    assert.ok(config.value !== undefined);
    assert.ok(config.version !== undefined, 'configuration has a version');
    assert.equal(built, 0);
    await management.read(SESSION, []);
    assert.equal(built, 1);
    await management.read(SESSION, [], { content: 'config' });
    assert.equal(built, 1);
  });

  it('rollback-files is provided, newest first, and is state without a version', async () => {
    const management = await open();
    const result = await management.read(SESSION, pathOf('idconf-rollback:rollback-files'));
    assert.equal(result.version, undefined);
    const view = json(management, result.root) as { 'idconf-rollback:rollback-files': { file: { via: string }[] } };
    assert.equal(view['idconf-rollback:rollback-files'].file[0]?.via, 'system');
  });

  it('an edit is one commit attributed to the session with its note', async () => {
    const management = await open();
    const result = await management.edit(SESSION, [], { comment: 'nothing' });
    assert.equal(result.fixedNumber, undefined, 'an empty change makes no commit');
    const changed = await management.edit(
      SESSION,
      (root) =>
        decodeJson(schema, { ...(json(management, root) as object), 'example-jukebox:jukebox': {} }, { schema }),
      { comment: 'clear the player', label: 'l1' },
    );
    assert.equal(changed.fixedNumber, 2);
    const [file] = await management.datastore.journal.listCommits({ limit: 1 });
    assert.deepEqual(
      { user: file?.user, via: file?.via, comment: file?.comment, label: file?.label },
      { user: 'ann', via: 'restconf', comment: 'clear the player', label: 'l1' },
    );
  });

  it('operations: unbound is 501; input is checked before the handler; commits are reported', async () => {
    const management = await open();
    const reboot = resolveOperation(schema, '/example-ops:reboot');
    await assert.rejects(management.invoke(SESSION, reboot, [], input(reboot, {})), {
      code: 'OPERATION_NOT_SUPPORTED',
    });
    let ran = 0;
    management.registerOperation(reboot, async (context) => {
      ran++;
      await context.commit((root) =>
        decodeJson(schema, { ...(json(management, root) as object), 'example-jukebox:jukebox': {} }, { schema }),
      );
      return undefined;
    });
    const result = await management.invoke(SESSION, reboot, [], input(reboot, { delay: 1 }), { comment: 'by rpc' });
    assert.equal(ran, 1);
    assert.equal(result.output, undefined);
    assert.equal(result.fixedNumber, 2);
    const [file] = await management.datastore.journal.listCommits({ limit: 1 });
    assert.equal(file?.comment, 'by rpc');
  });

  it('an action needs its instance (data-missing); its output is checked', async () => {
    const management = await open();
    const last = resolveOperation(schema, '/example-actions:interfaces/interface/get-last-reset-time');
    management.registerOperation(last, ({ parentPath }) =>
      parentPath.at(-1)?.keys?.[0] === 'eth0' ? { 'last-reset': '2016-01-01T00:00:00Z' } : {},
    );
    const eth0 = pathOf('example-actions:interfaces/interface=eth0');
    const ok = await management.invoke(SESSION, last, eth0, input(last, {}));
    assert.ok(ok.output !== undefined);
    await assert.rejects(
      management.invoke(SESSION, last, pathOf('example-actions:interfaces/interface=eth9'), input(last, {})),
      { code: 'DATA_MISSING', tag: 'data-missing' },
    );
    await management.edit(SESSION, (root) =>
      decodeJson(
        schema,
        {
          ...(json(management, root) as object),
          'example-actions:interfaces': { interface: [{ name: 'eth0' }, { name: 'x' }] },
        },
        { schema },
      ),
    );
    await assert.rejects(
      management.invoke(SESSION, last, pathOf('example-actions:interfaces/interface=x'), input(last, {})),
      { code: 'OPERATION_FAILED' },
    );
  });

  describe('the AccessControl seam', () => {
    const deny = (which: 'read' | 'write' | 'operation'): AccessControl & { readonly seen: string[] } => {
      const seen: string[] = [];
      const asks = (what: string): boolean => {
        seen.push(what);
        return what !== which;
      };
      const decisions: AccessDecisions = {
        permitsAll: false,
        readAccess: () => (asks('read') ? true : undefined),
        mayRead: () => true,
        mayWrite: () => true,
        deniedWrite: (diff) => (asks('write') ? undefined : { operation: 'create', path: diff.changes[0]?.path ?? [] }),
        mayInvoke: () => asks('operation'),
        mayReceive: () => true,
        schemaAccess: () => 'crudx',
      };
      return { seen, decisionsFor: () => decisions };
    };

    it('reads are checked on their target', async () => {
      const management = await open(deny('read'));
      await assert.rejects(management.read(SESSION, []), { code: 'ACCESS_DENIED' });
    });

    it("every commit's diff is checked before it is durable, rollbacks included", async () => {
      const access = deny('write');
      const management = await open(access);
      const before = management.datastore.snapshot.fixedNumber;
      await assert.rejects(
        management.edit(SESSION, (root) =>
          decodeJson(schema, { ...(json(management, root) as object), 'example-jukebox:jukebox': {} }, { schema }),
        ),
        { code: 'ACCESS_DENIED' },
      );
      const apply = resolveOperation(schema, '/idconf-rollback:rollback-files/apply-rollback-file');
      await assert.rejects(
        management.invoke(
          SESSION,
          apply,
          pathOf('idconf-rollback:rollback-files'),
          input(apply, { 'fixed-number': 1 }),
        ),
        { code: 'ACCESS_DENIED' },
      );
      assert.equal(management.datastore.snapshot.fixedNumber, before);
      assert.ok(access.seen.filter((what) => what === 'write').length >= 2);
    });

    it('operations are checked before their handler runs', async () => {
      const management = await open(deny('operation'));
      const reboot = resolveOperation(schema, '/example-ops:reboot');
      let ran = false;
      management.registerOperation(reboot, () => {
        ran = true;
        return undefined;
      });
      await assert.rejects(management.invoke(SESSION, reboot, [], input(reboot, {})), { code: 'ACCESS_DENIED' });
      assert.equal(ran, false);
    });
  });
});
