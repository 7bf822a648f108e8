/**
 * @module test/nacm/read-filter.property.test
 * For random rule sets and random data, a read returns exactly what the rules let the reader
 * see: no node whose read is denied appears (keys of a shown entry and structural ancestors
 * aside), every permitted node does, and the JSON and XML encoders agree with each other and
 * with the pruned tree. The oracle is the per-node decision (`mayRead`), computed on its own
 * path through the engine, not the encoders' access scopes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type {
  DataSchemaNode,
  DataTree,
  InstanceNode,
  InstancePath,
  LeafListValues,
  ListInstance,
  Slot,
} from '../../src/data/index.ts';
import {
  childrenOf,
  decodeJson,
  decodeXmlDocument,
  encodeJsonString,
  encodeXmlString,
  hasVisibleContent,
  keyValuesOf,
  RESTCONF_DATA_WRAPPER,
  resolveInstancePath,
} from '../../src/data/index.ts';
import type { AccessDecisions } from '../../src/nacm/index.ts';
import { pruneInstance, pruneSlot } from '../../src/nacm/index.ts';
import type { RuleJson } from './nacm-fixture.ts';
import { at, decisionsOf, schema, treeOf } from './nacm-fixture.ts';

const NAMES = ['alice', 'bob', 'carol'];
const TAGS = ['x', 'y', 'z'];

const userArb = fc.record(
  {
    name: fc.constantFrom(...NAMES),
    password: fc.constantFrom('h1', 'h2'),
    role: fc.constantFrom('admin', 'user'),
    tag: fc.subarray(TAGS, { minLength: 1 }),
    profile: fc.record({ shell: fc.constantFrom('sh', 'zsh') }, { requiredKeys: [] }),
  },
  { requiredKeys: ['name'] },
);

const dataArb = fc
  .record(
    {
      hostname: fc.constantFrom('box', 'host'),
      secret: fc.constant('s3cret'),
      motd: fc.constant('hello'),
      user: fc.uniqueArray(userArb, { selector: (user) => user.name, maxLength: 3 }),
      locked: fc.record({ a: fc.constant('x') }),
      server: fc.uniqueArray(
        fc.record({ host: fc.constantFrom('h1', 'h2'), port: fc.constantFrom(80, 443), weight: fc.constantFrom(1, 2) }),
        { selector: (server) => `${server.host}:${server.port}`, maxLength: 3 },
      ),
      't-nacm-ext:extra': fc.constant('more'),
    },
    { requiredKeys: [] },
  )
  .map((system) => ({ 't-nacm:system': system }));

const PATHS = [
  '/',
  '/tn:system',
  '/tn:system/hostname',
  '/tn:system/secret',
  '/tn:system/user',
  "/tn:system/user[name='alice']",
  "/tn:system/user[name='bob']/role",
  '/tn:system/user/password',
  '/tn:system/user/name',
  '/tn:system/user/profile',
  '/tn:system/user/profile/shell',
  "/tn:system/user/tag[.='y']",
  '/tn:system/server',
  "/tn:system/server[port='443']",
  '/tn:system/server/weight',
  '/tn:system/locked',
  '/tn:system/*',
  '/tn:system/tx:extra',
];

const ruleArb: fc.Arbitrary<RuleJson> = fc
  .record({
    'module-name': fc.constantFrom('*', 't-nacm', 't-nacm-ext'),
    path: fc.option(fc.constantFrom(...PATHS), { nil: undefined }),
    'access-operations': fc.constantFrom('*', 'read', 'create update', 'read delete'),
    action: fc.constantFrom('permit', 'deny'),
  })
  .map(({ path, ...rule }) => (path === undefined ? rule : { ...rule, path }));

const configArb = fc.record({
  rules: fc.array(ruleArb, { maxLength: 5 }),
  readDefault: fc.constantFrom('permit', 'deny'),
});

const isInner = (slot: Slot): slot is InstanceNode =>
  typeof slot === 'object' && slot !== null && 'slots' in slot && 'schema' in slot;

/** Every node of `tree` with its path: leaves and leaf-list values as terminals, entries and containers as inner nodes. */
const nodesOf = (
  node: InstanceNode,
  path: InstancePath,
  out: { path: InstancePath; inner: boolean; key: boolean }[],
) => {
  for (const [child, slot] of childrenOf(node)) {
    if (child.kind === 'list') {
      for (const entry of (slot as ListInstance).entries.values()) {
        const entryPath = [...path, { schema: child, keys: keyValuesOf(entry) }];
        out.push({ path: entryPath, inner: true, key: false });
        nodesOf(entry, entryPath, out);
      }
    } else if (child.kind === 'leaf-list') {
      for (const value of slot as LeafListValues)
        out.push({ path: [...path, { schema: child, value }], inner: false, key: false });
    } else if (isInner(slot)) {
      const childPath = [...path, { schema: child }];
      // A non-presence container counts as an inner node: shown only around what is below it.
      out.push({ path: childPath, inner: true, key: false });
      nodesOf(slot, childPath, out);
    } else out.push({ path: [...path, { schema: child }], inner: false, key: child.kind === 'leaf' && child.isKey });
  }
  return out;
};

const keyOf = (path: InstancePath): string =>
  path
    .map(
      (step) =>
        `${step.schema.name}${step.keys === undefined ? '' : `[${step.keys.join(',')}]`}${step.value === undefined ? '' : `{${String(step.value)}}`}`,
    )
    .join('/');

const check = (tree: DataTree, decisions: AccessDecisions): void => {
  const access = decisions.readAccess([]);
  assert.notEqual(access, undefined);
  const json = encodeJsonString(tree, schema, access === undefined ? {} : { access });
  const shown: DataTree = decodeJson(schema, JSON.parse(json), { schema });
  const shownNodes = nodesOf(shown, [], []);
  const shownKeys = new Set(shownNodes.map((node) => keyOf(node.path)));
  // Sound: nothing denied is shown, except keys of shown entries and ancestors of shown nodes.
  for (const node of shownNodes) {
    if (node.key) continue;
    if (node.inner) {
      const below = shownNodes.some(
        (other) =>
          !other.key &&
          other.path.length > node.path.length &&
          keyOf(other.path.slice(0, node.path.length)) === keyOf(node.path),
      );
      const last = node.path.at(-1)?.schema;
      const transparent = last?.kind === 'container' && last.presence === undefined;
      assert.ok(
        below || (!transparent && decisions.mayRead(node.path)),
        `shown without read access: ${keyOf(node.path)}`,
      );
    } else assert.ok(decisions.mayRead(node.path), `shown without read access: ${keyOf(node.path)}\n${json}`);
  }
  // Complete: every permitted leaf and leaf-list value is shown, unless it is inside an entry
  // that may be read while one of its keys may not (hidden whole: it cannot be identified).
  const unidentifiable = (path: InstancePath): boolean =>
    path.some((step, index) => {
      if (step.keys === undefined || step.schema.kind !== 'list') return false;
      const entry = path.slice(0, index + 1);
      return (
        decisions.mayRead(entry) && step.schema.keys.some((key) => !decisions.mayRead([...entry, { schema: key }]))
      );
    });
  for (const node of nodesOf(tree, [], []))
    if (
      !node.inner &&
      !node.key &&
      node.path.at(-1)?.schema.kind !== 'container' &&
      decisions.mayRead(node.path) &&
      !unidentifiable(node.path)
    )
      assert.ok(shownKeys.has(keyOf(node.path)), `permitted but not shown: ${keyOf(node.path)}\n${json}`);
  // The encoders agree with each other and with the pruned tree.
  const xml = encodeXmlString(tree, schema, {
    ...(access === undefined ? {} : { access }),
    wrapper: RESTCONF_DATA_WRAPPER,
  });
  const fromXml = decodeXmlDocument(schema, xml, { schema });
  assert.equal(encodeJsonString(fromXml, schema), json);
  const pruned = pruneInstance(tree, access);
  assert.equal(pruned === undefined ? '{}' : encodeJsonString(pruned, schema), json);
  // A read of a list below the root: the target's own access, against the pruned list.
  const users = at('system/user');
  const list = users.at(-1)?.schema;
  const value = resolveInstancePath(tree, users);
  if (list === undefined || value === undefined) return;
  const listAccess = decisions.readAccess(users);
  const listJson = encodeJsonString(
    { schema: list, value },
    schema,
    listAccess === undefined ? {} : { access: listAccess },
  );
  const prunedList = pruneSlot(value, list, listAccess);
  if (prunedList === undefined) assert.equal(hasVisibleContent(value, list, listAccess), false);
  else assert.equal(encodeJsonString({ schema: list, value: prunedList }, schema), listJson);
};

const optionsArb = fc.record(
  {
    depth: fc.constantFrom(1, 2, 3, 4),
    withDefaults: fc.constantFrom('report-all' as const, 'trim' as const, 'report-all-tagged' as const),
    content: fc.constantFrom('config' as const, 'nonconfig' as const),
  },
  { requiredKeys: [] },
);

describe('the read filter (RFC 8341 §3.4.5), property-based', () => {
  it('with any depth, content and with-defaults, the filtered encoding is the encoding of the pruned tree', () => {
    fc.assert(
      fc.property(dataArb, configArb, optionsArb, (data, { rules, readDefault }, options) => {
        const tree = treeOf(data);
        const decisions = decisionsOf(rules, { nacm: { 'read-default': readDefault } });
        const access = decisions.readAccess([]);
        const pruned = pruneInstance(tree, access) ?? treeOf({});
        const withAccess = access === undefined ? {} : { access };
        // Reported defaults of absent nodes are not in any tree: compare those with the access applied.
        const reference = options.withDefaults?.startsWith('report-all') === true ? withAccess : {};
        const filtered = encodeJsonString(tree, schema, { ...options, ...withAccess });
        assert.equal(filtered, encodeJsonString(pruned, schema, { ...options, ...reference }));
        const xmlOptions = { ...options, wrapper: RESTCONF_DATA_WRAPPER };
        assert.equal(
          encodeXmlString(tree, schema, { ...xmlOptions, ...withAccess }),
          encodeXmlString(pruned, schema, { ...xmlOptions, ...reference }),
        );
        // The NACM container is default-deny-all: its defaults show only where a rule permits it.
        const nacm = schema.dataChildIndex.get('ietf-netconf-acm:nacm') as DataSchemaNode;
        if (!decisions.mayRead([{ schema: nacm }])) assert.doesNotMatch(filtered, /enable-nacm/);
      }),
      { numRuns: 300 },
    );
  });

  it('no GET returns a node the rules deny, and every permitted one is returned', () => {
    fc.assert(
      fc.property(dataArb, configArb, (data, { rules, readDefault }) => {
        check(treeOf(data), decisionsOf(rules, { nacm: { 'read-default': readDefault } }));
      }),
      { numRuns: 300 },
    );
  });
});
