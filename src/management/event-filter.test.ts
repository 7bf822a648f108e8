import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import { isManagementError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { parseEventFilter } from './event-filter.ts';
import { JSON_NAVIGATOR, jsonDocument } from './json-navigator.ts';

const schema: SchemaTree = testSchema([], ['ietf-netconf-notifications', 'idconf-notifications']);

const CHANGE = 'ietf-netconf-notifications:netconf-config-change';
const CONTENT = {
  'changed-by': { username: 'ann', 'session-id': 0 },
  datastore: 'running',
  edit: [
    { target: "/base:profiles/profile[id='a']", operation: 'create' },
    { target: '/base:environments/environment/base-url', operation: 'delete' },
  ],
  'idconf-notifications:transaction-id': 42,
  'idconf-notifications:comment': 'nightly',
};
const BY_SERVER = { 'changed-by': { server: [null] }, datastore: 'running' };

describe('jsonDocument and JSON_NAVIGATOR', () => {
  it('makes the notification the root element, lists entries, leaves with their JSON text, modules inherited', () => {
    const root = jsonDocument(CHANGE, CONTENT);
    const [notification] = JSON_NAVIGATOR.children(root);
    assert.ok(notification !== undefined);
    assert.equal(JSON_NAVIGATOR.namespace(notification), 'ietf-netconf-notifications');
    assert.equal(JSON_NAVIGATOR.localName(notification), 'netconf-config-change');
    const names = JSON_NAVIGATOR.children(notification).map(
      (node) => `${JSON_NAVIGATOR.namespace(node)}:${JSON_NAVIGATOR.localName(node)}`,
    );
    assert.deepEqual(names, [
      'ietf-netconf-notifications:changed-by',
      'ietf-netconf-notifications:datastore',
      'ietf-netconf-notifications:edit',
      'ietf-netconf-notifications:edit',
      'idconf-notifications:transaction-id',
      'idconf-notifications:comment',
    ]);
    const id = JSON_NAVIGATOR.children(notification)[4];
    assert.ok(id !== undefined);
    assert.equal(JSON_NAVIGATOR.stringValue(id), '42');
    assert.equal(JSON_NAVIGATOR.qualifiedName?.(id), 'idconf-notifications:transaction-id');
    const server = JSON_NAVIGATOR.children(JSON_NAVIGATOR.children(jsonDocument(CHANGE, BY_SERVER))[0] as never)[0];
    assert.equal(JSON_NAVIGATOR.stringValue(JSON_NAVIGATOR.children(server as never)[0] as never), '', 'an empty leaf');
  });
});

describe('parseEventFilter', () => {
  const cases: { readonly filter: string; readonly content: object; readonly matches: boolean }[] = [
    { filter: `/${CHANGE}`, content: CONTENT, matches: true },
    { filter: '/ietf-netconf-notifications:netconf-session-start', content: CONTENT, matches: false },
    { filter: `/${CHANGE}/edit[operation='delete']`, content: CONTENT, matches: true },
    { filter: `/${CHANGE}/edit[operation='replace']`, content: CONTENT, matches: false },
    { filter: "//edit[starts-with(target, '/base:profiles')]", content: CONTENT, matches: true },
    { filter: '/ncn:netconf-config-change/idn:transaction-id > 40', content: CONTENT, matches: true },
    { filter: "/*/idconf-notifications:comment = 'nightly'", content: CONTENT, matches: true },
    { filter: 'count(//edit) = 2', content: CONTENT, matches: true },
    { filter: '//changed-by/server', content: BY_SERVER, matches: true },
    { filter: '//changed-by/server', content: CONTENT, matches: false },
    { filter: "//username = 'ann'", content: CONTENT, matches: true },
  ];
  for (const { filter, content, matches } of cases)
    it(`${filter} ${matches ? 'selects' : 'does not select'} the notification`, () => {
      assert.equal(parseEventFilter(filter, schema).matches(CHANGE, content), matches);
    });

  const errors: { readonly filter: string; readonly message: RegExp }[] = [
    { filter: '/a[', message: /^filter: not an XPath 1\.0 expression: .*at offset 3/ },
    { filter: 'no-such-function()', message: /^filter: not an XPath 1\.0 expression/ },
    { filter: '/nope:a', message: /the prefix "nope" is not the name of a module/ },
    { filter: '$v', message: /^filter: cannot be evaluated/ },
  ];
  for (const { filter, message } of errors)
    it(`refuses ${filter}`, () => {
      assert.throws(
        () => parseEventFilter(filter, schema),
        (error: unknown) =>
          isManagementError(error) &&
          error.code === 'INVALID_VALUE' &&
          error.type === 'protocol' &&
          message.test(error.message),
      );
    });
});
