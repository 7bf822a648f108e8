import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DataTree } from '../data/index.ts';
import { decodeJson, diffTrees, reverseDiff } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import { renderApiRoot } from './api-root.ts';
import type { RollbackFileInfo } from './rollback-files.ts';
import { formatRollbackDate, parseRollbackRequest, renderRollbackList } from './rollback-files.ts';
import { renderRollbackFile } from './rollback-text.ts';
import { ltSchema } from './test-schema.test-support.ts';

const schema = ltSchema();

describe('the api root', () => {
  it('JSON: version, datastores, RPC links, rollbacks; no config datastore', () => {
    assert.deepEqual(JSON.parse(renderApiRoot(schema, 'json')), {
      api: {
        version: '0.5',
        running: {},
        operational: {},
        operations: {
          'lt:ping': '/admin/api/rest/operations/lt:ping',
          'lt2:ping': '/admin/api/rest/operations/lt2:ping',
        },
        rollbacks: {},
      },
    });
  });

  it('XML', () => {
    assert.equal(
      renderApiRoot(schema, 'xml'),
      '<api xmlns="http://tail-f.com/ns/rest" xmlns:y="http://tail-f.com/ns/rest"><version>0.5</version><running/><operational/>' +
        '<operations><ping xmlns="urn:lt">/admin/api/rest/operations/lt:ping</ping>' +
        '<ping xmlns="urn:lt2">/admin/api/rest/operations/lt2:ping</ping></operations><rollbacks/></api>',
    );
  });
});

const FILES: RollbackFileInfo[] = [
  {
    index: 0,
    fixedNumber: 10005,
    creator: 'admin',
    date: new Date(2015, 11, 21, 13, 13, 34),
    via: 'rest',
    label: 'L<1>',
    comment: '',
  },
  {
    index: 1,
    fixedNumber: 10004,
    creator: 'system',
    date: new Date(2015, 0, 2, 3, 4, 5),
    via: 'system',
    label: '',
    comment: 'c',
  },
];

describe('the rollback listing', () => {
  it('formats dates as YYYY-MM-DD HH:MM:SS local time', () => {
    assert.equal(formatRollbackDate(new Date(2015, 0, 2, 3, 4, 5)), '2015-01-02 03:04:05');
  });

  it('JSON: file is an array, name is the rolling index', () => {
    assert.deepEqual(JSON.parse(renderRollbackList(FILES, 'json')), {
      rollbacks: {
        file: [
          {
            name: '0',
            'fixed-number': '10005',
            creator: 'admin',
            date: '2015-12-21 13:13:34',
            via: 'rest',
            label: 'L<1>',
            comment: '',
          },
          {
            name: '1',
            'fixed-number': '10004',
            creator: 'system',
            date: '2015-01-02 03:04:05',
            via: 'system',
            label: '',
            comment: 'c',
          },
        ],
      },
    });
    assert.deepEqual(JSON.parse(renderRollbackList([], 'json')), { rollbacks: { file: [] } });
    assert.equal(
      (JSON.parse(renderRollbackList(FILES.slice(0, 1), 'json')) as { rollbacks: { file: unknown[] } }).rollbacks.file
        .length,
      1,
    );
  });

  it('XML', () => {
    assert.equal(
      renderRollbackList(FILES.slice(0, 1), 'xml'),
      '<rollbacks xmlns="http://tail-f.com/ns/rest"><file><name>0</name><fixed-number>10005</fixed-number>' +
        '<creator>admin</creator><date>2015-12-21 13:13:34</date><via>rest</via><label>L&lt;1&gt;</label><comment></comment></file></rollbacks>',
    );
  });
});

describe('parseRollbackRequest', () => {
  const good: { body: string; format: 'json' | 'xml'; file: number; selective: boolean }[] = [
    { body: '{"file": "0"}', format: 'json', file: 0, selective: false },
    { body: '{"file": 3}', format: 'json', file: 3, selective: false },
    { body: '{"file": "2", "selective": [null]}', format: 'json', file: 2, selective: true },
    { body: '{"input": {"file": "1", "selective": true}}', format: 'json', file: 1, selective: true },
    { body: '<file>0</file>', format: 'xml', file: 0, selective: false },
    { body: '<file> 12 </file>', format: 'xml', file: 12, selective: false },
    { body: '<input><file>4</file><selective/></input>', format: 'xml', file: 4, selective: true },
    {
      body: '<?xml version="1.0"?>\n<rollback xmlns="http://tail-f.com/ns/rest"><file>5</file></rollback>',
      format: 'xml',
      file: 5,
      selective: false,
    },
  ];
  for (const { body, format, file, selective } of good) {
    it(body, () => assert.deepEqual(parseRollbackRequest(body, format), { file, selective }));
  }

  const bad: { body: string; format: 'json' | 'xml'; code: string }[] = [
    { body: '{"file": "x"}', format: 'json', code: 'INVALID_VALUE' },
    { body: '{"file": "-1"}', format: 'json', code: 'INVALID_VALUE' },
    { body: '{"file": "01"}', format: 'json', code: 'INVALID_VALUE' },
    { body: '{"file": true}', format: 'json', code: 'INVALID_VALUE' },
    { body: '{}', format: 'json', code: 'MISSING_ELEMENT' },
    { body: '{"file": "0", "other": 1}', format: 'json', code: 'UNKNOWN_ELEMENT' },
    { body: '{"file": "0", "selective": "yes"}', format: 'json', code: 'INVALID_VALUE' },
    { body: '[0]', format: 'json', code: 'MALFORMED_MESSAGE' },
    { body: '{"file": ', format: 'json', code: 'MALFORMED_MESSAGE' },
    { body: '<file>zero</file>', format: 'xml', code: 'INVALID_VALUE' },
    { body: '<input/>', format: 'xml', code: 'MISSING_ELEMENT' },
    { body: '<input><file>0</file><x/></input>', format: 'xml', code: 'UNKNOWN_ELEMENT' },
    { body: '<file>0</file><file>1</file>', format: 'xml', code: 'MALFORMED_MESSAGE' },
    { body: '<file>0', format: 'xml', code: 'MALFORMED_MESSAGE' },
  ];
  for (const { body, format, code } of bad) {
    it(`${body} → ${code}`, () => {
      assert.throws(
        () => parseRollbackRequest(body, format),
        (error: unknown) => isManagementError(error) && error.code === code,
      );
    });
  }
});

describe('renderRollbackFile', () => {
  const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema });
  const before = tree({
    'lt:top': {
      name: 'old name',
      tags: ['a'],
      multi: [{ name: 'm1', kind: 'beta', v: 'x', sub: [{ n: 1, w: 'w' }] }],
      single: [{ id: 'p' }, { id: 'q' }],
    },
    'lt:roots': [{ id: 'gone', v: 'v' }],
  });
  const after = tree({
    'lt:top': {
      name: 'new',
      tags: ['a', 'b c'],
      multi: [
        { name: 'm1', kind: 'beta', v: 'y', sub: [{ n: 1, w: 'w' }] },
        { name: 'm 2', kind: 'lt2:alpha', sub: [{ n: -3 }] },
      ],
      single: [{ id: 'q' }, { id: 'p' }],
      'lt2:more': { w: 'mw' },
    },
  });
  const info: RollbackFileInfo = {
    index: 0,
    fixedNumber: 10032,
    creator: 'admin',
    date: new Date(2015, 11, 21, 13, 13, 34),
    via: 'rest',
    label: '',
    comment: 'a comment',
  };

  it('writes the header and the reverse diff as a curly-brace tree', () => {
    const text = renderRollbackFile(info, reverseDiff(diffTrees(before, after)).changes);
    const [header, body] = text.split('\n\n');
    assert.equal(
      header,
      '# Created by: admin\n# Date: 2015-12-21 13:13:34\n# Via: rest\n# Type: delta\n# Label: \n# Comment: a comment\n# No: 10032',
    );
    const lines = (body ?? '').split('\n');
    // Stable and readable: the undo of every change is there, under its node.
    for (const expected of [
      'lt:top {',
      '    name "old name";',
      '    multi m1 lt:beta {',
      '        v x;',
      '    delete:',
      '    multi "m 2" lt2:alpha;',
      '    delete:',
      '    tags "b c";',
      '    delete:',
      '    lt2:more;',
      'lt:roots gone {',
      '    v v;',
    ]) {
      assert.ok(lines.includes(expected), `missing line ${JSON.stringify(expected)} in\n${body}`);
    }
    assert.ok(
      lines.some((line) => line.startsWith('    single ') && line.endsWith('first;')),
      body,
    );
    assert.ok(text.endsWith('\n'));
  });

  it('renders the same changes the same way', () => {
    const changes = diffTrees(before, after).changes;
    assert.equal(renderRollbackFile(info, changes), renderRollbackFile(info, changes));
    assert.ok(renderRollbackFile(info, changes).includes('    multi "m 2" lt2:alpha {\n        sub -3;\n    }\n'));
  });

  it('an empty diff is only the header', () => {
    assert.equal(renderRollbackFile(info, []).split('\n\n')[1], '');
  });
});
