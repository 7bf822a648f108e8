/**
 * @module management/leaf-transforms.test
 * Leaf transforms and nested state through the ManagementService: a transform sees exactly the
 * leaves a write creates or changes (in created subtrees too) and can reject the write; nested
 * state is added below the configuration entries a read returns, and only there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataSchemaNode, DataTree, InstanceNode, InstancePath } from '../data/index.ts';
import { decodeJson, encodeJsonString, formatInstancePath, getChild } from '../data/index.ts';
import { Datastore, MemoryJournalStore } from '../datastore/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { SchemaTree, YangValue } from '../yang/index.ts';
import { ManagementService } from './management-service.ts';
import type { Session } from './session.ts';

const SESSION: Session = { principal: { user: 'ann', groups: [], method: 'basic' }, via: 'restconf' };

const schema: SchemaTree = testSchema([
  `module t-vault {
    yang-version 1.1; namespace "urn:t:vault"; prefix v;
    typedef secret { type string; }
    container vault {
      leaf note { type string; }
      list box {
        key name;
        leaf name { type string; }
        leaf code { type secret; }
        container inner { leaf code { type secret; } }
        container facts { config false; leaf length { type uint32; } }
      }
    }
  }`,
]);

const open = async (): Promise<ManagementService> => {
  const datastore = await Datastore.open({
    schema,
    journal: new MemoryJournalStore(),
    initial: (): DataTree =>
      decodeJson(schema, { 't-vault:vault': { box: [{ name: 'a', code: 'X:one' }] } }, { schema, config: true }),
  });
  return ManagementService.create({ datastore });
};

const read = async (management: ManagementService, path: InstancePath = []): Promise<unknown> => {
  const result = await management.read(SESSION, path);
  return JSON.parse(encodeJsonString(result.root, schema));
};

const replaceVault = (json: unknown) => (root: DataTree) =>
  decodeJson(schema, { 't-vault:vault': json }, { schema, config: true }) ?? root;

const secretTransform = (seen: string[]) => ({
  appliesTo: (leaf: { readonly type: { readonly typedefs: readonly string[] } }) =>
    leaf.type.typedefs.includes('t-vault:secret'),
  transform: (value: YangValue, path: InstancePath): YangValue => {
    seen.push(formatInstancePath(path));
    if (value === 'forbidden') throw new InvalidValueError('no', { path: formatInstancePath(path) });
    return String(value).startsWith('X:') ? value : `X:${String(value)}`;
  },
});

describe('leaf transforms', () => {
  it('rewrite the leaves a write creates or changes, in created subtrees too, and nothing else', async () => {
    const management = await open();
    const seen: string[] = [];
    management.registerLeafTransform(secretTransform(seen));
    await management.edit(
      SESSION,
      replaceVault({
        note: 'plain',
        box: [
          { name: 'a', code: 'X:one' },
          { name: 'b', code: 'two', inner: { code: 'three' } },
        ],
      }),
    );
    assert.deepEqual(seen.sort(), ["/t-vault:vault/box[name='b']/code", "/t-vault:vault/box[name='b']/inner/code"]);
    assert.deepEqual(await read(management), {
      't-vault:vault': {
        note: 'plain',
        box: [
          { name: 'a', code: 'X:one' },
          { name: 'b', code: 'X:two', inner: { code: 'X:three' } },
        ],
      },
    });
  });

  it('reject the whole write by throwing', async () => {
    const management = await open();
    management.registerLeafTransform(secretTransform([]));
    await assert.rejects(
      management.edit(SESSION, replaceVault({ box: [{ name: 'a', code: 'forbidden' }], note: 'changed' })),
      InvalidValueError,
    );
    assert.deepEqual(await read(management), { 't-vault:vault': { box: [{ name: 'a', code: 'X:one' }] } });
  });
});

describe('nested state providers', () => {
  it('add a config false node below each entry a read returns, and only below those', async () => {
    const management = await open();
    await management.edit(
      SESSION,
      replaceVault({
        box: [
          { name: 'a', code: 'X:one' },
          { name: 'bb', code: 'X:4444' },
        ],
      }),
    );
    const built: string[] = [];
    management.registerNestedStateProvider({
      node: '/t-vault:vault/box/facts',
      build: (entry: InstanceNode) => {
        const name = String(getChild(entry, entry.schema.dataChildIndex.get('t-vault:name') as DataSchemaNode));
        built.push(name);
        const node = entry.schema.dataChildIndex.get('t-vault:facts') as never;
        return decodeJson(node, { length: name.length }, { schema, qualifiedTop: false });
      },
    });
    const whole = (await read(management)) as { 't-vault:vault': { box: { facts?: unknown }[] } };
    assert.deepEqual(
      whole['t-vault:vault'].box.map((box) => box.facts),
      [{ length: 1 }, { length: 2 }],
    );
    built.length = 0;
    const vault = schema.dataChildIndex.get('t-vault:vault') as DataSchemaNode & {
      dataChildIndex: Map<string, unknown>;
    };
    const box = vault.dataChildIndex.get('t-vault:box') as DataSchemaNode;
    const one = await management.read(SESSION, [{ schema: vault }, { schema: box, keys: ['bb'] }]);
    assert.deepEqual(built, ['bb']);
    assert.match(encodeJsonString(one.root, schema), /"facts":\{"length":2\}/);
    built.length = 0;
    await management.read(SESSION, [{ schema: vault }], { content: 'config' });
    assert.deepEqual(built, []);
  });

  it('refuse a configuration node', async () => {
    const management = await open();
    assert.throws(
      () => management.registerNestedStateProvider({ node: '/t-vault:vault/note', build: () => undefined }),
      TypeError,
    );
  });
});
