import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InnerSchemaNode } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import type { LeafListNode, ListNode } from '../yang/index.ts';
import { resolveInsertPoint } from './insert-point.ts';
import { ltSchema } from './test-schema.test-support.ts';

describe('resolveInsertPoint', () => {
  const schema = ltSchema();
  const top = schema.dataChildIndex.get('lt:top') as InnerSchemaNode;
  const single = top.dataChildIndex.get('lt:single') as ListNode;
  const multi = top.dataChildIndex.get('lt:multi') as ListNode;
  const tags = top.dataChildIndex.get('lt:tags') as LeafListNode;

  for (const resource of [
    '/admin/api/rest/running/lt:top/single/x',
    '/api/running/l:top/single/x',
    '/running/l:top/single/x',
    'https://host:6749/admin/api/rest/running/lt:top/single/x',
  ]) {
    it(resource, () => {
      const path = resolveInsertPoint(schema, resource, single);
      assert.equal(path.at(-1)?.schema, single);
      assert.deepEqual(path.at(-1)?.keys, ['x']);
    });
  }

  const bad: { resource: string; target: ListNode | LeafListNode; message: RegExp }[] = [
    { resource: '/admin/api/rest/running/lt:top/single', target: single, message: /must name an entry/ },
    {
      resource: '/admin/api/rest/running/lt:top/multi/a,beta',
      target: single,
      message: /must name an entry of single/,
    },
    { resource: '/admin/api/rest/operational/lt:top/single/x', target: single, message: /not the path/ },
    { resource: '/admin/api/rest/running/lt:top/nope/x', target: single, message: /not the path/ },
    { resource: '/admin/api/rest/rollbacks/0', target: single, message: /not the path/ },
    { resource: '/admin/api/rest/running/lt:top/multi/a,beta', target: multi, message: /ordered by the system/ },
    { resource: '/admin/api/rest/running/lt:top/tags/a', target: tags, message: /ordered by the system/ },
  ];
  for (const { resource, target, message } of bad) {
    it(`rejects ${resource}`, () => {
      assert.throws(
        () => resolveInsertPoint(schema, resource, target),
        (error: unknown) => isManagementError(error) && error.code === 'INVALID_VALUE' && message.test(error.message),
      );
    });
  }
});
