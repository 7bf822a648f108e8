/**
 * @module nacm/visible-content.test
 * What a reader sees of a tree: denied nodes left out with everything below them, structural
 * ancestors kept around permitted descendants (with their keys), entries whose keys may not be
 * read hidden, and rollback diffs cut to what may be read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleJson } from '../../test/nacm/nacm-fixture.ts';
import { at, decisionsOf, SAMPLE, schema, treeOf } from '../../test/nacm/nacm-fixture.ts';
import {
  diffTrees,
  encodeJsonString,
  getChild,
  hasVisibleContent,
  renderDiffText,
  resolveInstancePath,
} from '../data/index.ts';
import { readableDiff } from './readable-diff.ts';
import { pruneInstance } from './visible-content.ts';

const visible = (rules: readonly RuleJson[], nacm?: Readonly<Record<string, unknown>>): unknown => {
  const decisions = decisionsOf(rules, nacm === undefined ? {} : { nacm });
  const tree = pruneInstance(treeOf(SAMPLE), decisions.readAccess([]));
  return tree === undefined ? {} : JSON.parse(encodeJsonString(tree, schema));
};

describe('the visible part of a tree (RFC 8341 §3.4.5)', () => {
  it('no rules: everything but the default-deny-all nodes', () => {
    assert.deepEqual(visible([]), {
      't-nacm:system': {
        hostname: 'box',
        motd: 'hello',
        user: [
          { name: 'alice', role: 'admin', tag: ['x', 'y'], profile: { shell: 'sh' } },
          { name: 'bob', role: 'user' },
        ],
        server: [{ host: 'h1', port: 80, weight: 1 }],
        't-nacm-ext:extra': 'more',
      },
    });
  });

  it('read-default deny with a rule deep down: the ancestors are shown around it, with their keys', () => {
    assert.deepEqual(
      visible([{ path: '/tn:system/user/profile/shell', 'access-operations': 'read' }], { 'read-default': 'deny' }),
      {
        't-nacm:system': { user: [{ name: 'alice', profile: { shell: 'sh' } }] },
      },
    );
  });

  it('nothing readable: an empty datastore', () => {
    assert.deepEqual(visible([], { 'read-default': 'deny' }), {});
  });

  it('an entry that may be read but whose key may not is hidden whole', () => {
    assert.deepEqual(visible([{ path: '/tn:system/user/name', 'access-operations': 'read', action: 'deny' }]), {
      't-nacm:system': {
        hostname: 'box',
        motd: 'hello',
        server: [{ host: 'h1', port: 80, weight: 1 }],
        't-nacm-ext:extra': 'more',
      },
    });
  });

  it('leaf-list values one by one', () => {
    const shown = visible([{ path: "/tn:system/user/tag[.='x']", 'access-operations': 'read', action: 'deny' }]) as {
      't-nacm:system': { user: { tag?: string[] }[] };
    };
    assert.deepEqual(shown['t-nacm:system'].user[0]?.tag, ['y']);
  });

  it('hasVisibleContent agrees: a structural entry with nothing visible below counts as absent', () => {
    const decisions = decisionsOf([{ path: '/tn:system/user/profile', 'access-operations': 'read' }], {
      nacm: { 'read-default': 'deny' },
    });
    const tree = treeOf(SAMPLE);
    const [system] = at('system');
    if (system === undefined) throw new Error('no system node');
    const users = at('system/user');
    assert.equal(decisions.mayRead(at('system/user[alice]')), false);
    assert.notEqual(decisions.readAccess(at('system/user[alice]')), undefined);
    const alice = resolveInstancePath(tree, at('system/user[alice]'));
    const bob = resolveInstancePath(tree, at('system/user[bob]'));
    const list = users.at(-1)?.schema;
    if (list === undefined) throw new Error('no user list');
    assert.equal(hasVisibleContent(alice, list, decisions.readAccess(at('system/user[alice]'))), true);
    assert.equal(hasVisibleContent(bob, list, decisions.readAccess(at('system/user[bob]'))), false);
    assert.equal(
      hasVisibleContent(getChild(tree, system.schema), system.schema, decisions.readAccess(at('system'))),
      true,
    );
  });
});

describe('rollback diffs as a reader sees them', () => {
  it('changes to denied nodes are left out, created subtrees keep their visible part', () => {
    const before = treeOf({ 't-nacm:system': { hostname: 'a', secret: 'old' } });
    const after = treeOf({
      't-nacm:system': { hostname: 'b', secret: 'new', user: [{ name: 'carol', password: 'h', role: 'r' }] },
    });
    const diff = diffTrees(before, after);
    const text = renderDiffText(readableDiff(decisionsOf([]), diff), schema);
    assert.match(text, /hostname/);
    assert.match(text, /carol/);
    assert.doesNotMatch(text, /secret|new|old|password|"h"/);
    assert.match(renderDiffText(diff, schema), /secret/);
  });
});
