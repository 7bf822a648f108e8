import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServerSentEventParser } from './sse-parser.ts';

describe('ServerSentEventParser', () => {
  const cases: { readonly name: string; readonly chunks: readonly string[]; readonly events: unknown[] }[] = [
    { name: 'one event with an id', chunks: ['id: 7\ndata: {"a":1}\n\n'], events: [{ id: '7', data: '{"a":1}' }] },
    {
      name: 'data lines are joined with LF',
      chunks: ['data: <a>\ndata: b</a>\n\n'],
      events: [{ id: undefined, data: '<a>\nb</a>' }],
    },
    {
      name: 'CR LF and CR end lines too',
      chunks: ['data: x\r\n\r\ndata: y\r\rdata: z'],
      events: [
        { id: undefined, data: 'x' },
        { id: undefined, data: 'y' },
      ],
    },
    {
      name: 'a CR LF split across chunks is one line end',
      chunks: ['data: x\r', '\n\r', '\n'],
      events: [{ id: undefined, data: 'x' }],
    },
    {
      name: 'comments are skipped, and an event without data is not dispatched',
      chunks: [': keep-alive\n\nid: 3\n\n'],
      events: [],
    },
    { name: 'an event is complete only with its blank line', chunks: ['data: par', 'tial\n'], events: [] },
    { name: 'a field without a space after the colon', chunks: ['data:x\nid:2\n\n'], events: [{ id: '2', data: 'x' }] },
  ];
  for (const { name, chunks, events } of cases)
    it(name, () => {
      const parser = new ServerSentEventParser();
      assert.deepEqual(
        chunks.flatMap((chunk) => parser.push(chunk)),
        events,
      );
    });
});
