/**
 * @module data/instance/instance-navigator.test
 * The accessible tree: defaults and non-presence containers appear (with the case rules),
 * presence containers and config false nodes as the view says, one list entry is reachable by
 * key as the same handle XPath finds, and document order follows the slot order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateXPath, isNodeSet, parseXPath } from '../../xpath/index.ts';
import type { ContainerNode, ListNode } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { TYPES_MODULE } from '../test-modules.test-support.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { InstanceNavigator } from './instance-navigator.ts';
import type { ListInstance } from './instance-node.ts';
import { findEntry } from './list-instance.ts';
import { slotTableOf } from './slot-table.ts';

const schema = testSchema([TYPES_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const navigatorOf = (members: Record<string, unknown>): InstanceNavigator =>
  new InstanceNavigator(decodeJson(schema, { 't:top': members }, { schema }));

const select = (navigator: InstanceNavigator, xpath: string) => {
  const value = evaluateXPath(parseXPath(xpath), {
    node: navigator.rootNode,
    navigator,
    resolvePrefix: (prefix) => (prefix === 't' ? 't' : undefined),
    defaultNamespace: 't',
  });
  assert.ok(isNodeSet(value));
  return value;
};
const names = (navigator: InstanceNavigator, xpath: string): string[] =>
  select(navigator, xpath).map((node) => `${navigator.localName(node)}=${navigator.stringValue(node)}`);

describe('InstanceNavigator', () => {
  it('shows defaults in use and non-presence containers, not presence containers', () => {
    const navigator = navigatorOf({ s: 'a' });
    assert.deepEqual(names(navigator, '/t:top/*[not(self::t:l)]'), [
      's=a',
      'p=50',
      'dflt=hello',
      'lld=1',
      'lld=2',
      'np=x',
      'c1a=a',
    ]);
    assert.deepEqual(names(navigator, '/t:top/t:np/t:x'), ['x=x']);
  });
  it('follows the case in use', () => {
    assert.deepEqual(names(navigatorOf({ c2b: 'z' }), '/t:top/t:c1a | /t:top/t:c2a | /t:top/t:c2b'), [
      'c2a=b',
      'c2b=z',
    ]);
  });
  it('hides config false nodes in the configuration view only', () => {
    const navigator = navigatorOf({ state: 's' });
    assert.deepEqual(names(navigator, '/t:top/t:state'), []);
    navigator.configOnly = false;
    assert.deepEqual(names(navigator, '/t:top/t:state'), ['state=s']);
  });
  it('gives one entry by key as the same node a path selects, in document order', () => {
    const navigator = navigatorOf({
      l: [
        { k1: 2, k2: 'b' },
        { k1: 1, k2: 'a', v: 'x' },
      ],
      s: 'first',
    });
    const topNode = navigator.slotNodes(navigator.rootNode, slotTableOf(schema).indexOf.get(top) as number)[0];
    assert.ok(topNode !== undefined);
    const list = top.dataChildIndex.get('t:l') as ListNode;
    const index = slotTableOf(top).indexOf.get(list) as number;
    const entry = findEntry(topNode.inner?.slots[index] as ListInstance, [1, 'a']);
    assert.ok(entry !== undefined);
    const byKey = navigator.entryNode(topNode, index, entry);
    const selected = select(navigator, "/t:top/t:l[t:k2 = 'a']");
    assert.equal(selected[0], byKey);
    const [first, second] = select(navigator, '/t:top/t:l');
    assert.ok(first !== undefined && second !== undefined);
    assert.ok(navigator.compareDocumentOrder(first, second) < 0);
    assert.ok(navigator.compareDocumentOrder(byKey, first) > 0);
    assert.deepEqual(names(navigator, '/t:top/t:l[2]/t:v'), ['v=x']);
  });
});
