/**
 * @module http/request-head.test
 * The strict head reader: what it takes and what it leaves to Node, and — fuzzed against Node's
 * own parser — that whatever it takes, Node reads the same way: the same method, target and
 * fields, and the next message starting where it says.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_HEAD_BYTES, readRequestHead } from './request-head.ts';

const read = (text: string) => readRequestHead(Buffer.from(text, 'latin1'), 0);

/** What Node's HTTP server parses of `bytes`: the requests it emits, or that it refused them. */
const nodeReads = (bytes: Buffer): Promise<{ requests: IncomingMessage[]; refused: boolean }> =>
  new Promise((resolve) => {
    const requests: IncomingMessage[] = [];
    let refused = false;
    const server = createServer((request, response) => {
      requests.push(request);
      request.resume();
      response.end();
    });
    server.on('clientError', () => {
      refused = true;
    });
    const connection = new Duplex({
      read() {},
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    server.emit('connection', connection);
    connection.push(bytes);
    setTimeout(() => {
      connection.destroy();
      resolve({ requests, refused });
    }, 5);
  });

describe('readRequestHead', () => {
  it('reads a plain GET: method, target, fields by lower-case name without surrounding whitespace', () => {
    const head = read('GET /a/b?x=1 HTTP/1.1\r\nHost: idconf\r\nAccept:  a/b  \r\nX-Empty:\r\n\r\nGET');
    assert.deepEqual(head === 'partial' || head === 'other' ? head : { ...head, headers: { ...head.headers } }, {
      method: 'GET',
      url: '/a/b?x=1',
      headers: { host: 'idconf', accept: 'a/b', 'x-empty': '' },
      end: 65,
      plain: true,
    });
  });
  it('says partial for a head that has not ended, and other past the size limit', () => {
    assert.equal(read('GET /a HTTP/1.1\r\nHost: x\r\n'), 'partial');
    assert.equal(read(`GET /${'a'.repeat(MAX_HEAD_BYTES)}`), 'other');
  });
  it('passes on, but does not take, a repeated field or a head without Host', () => {
    const repeated = read('GET /a HTTP/1.1\r\nHost: x\r\nAccept: a\r\naccept: b\r\n\r\n');
    assert.equal(typeof repeated === 'object' && repeated.plain, false);
    const hostless = read('GET /a HTTP/1.1\r\n\r\n');
    assert.equal(typeof hostless === 'object' && hostless.plain, false);
  });
  const others: Record<string, string> = {
    'a Content-Length': 'POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n',
    'a Transfer-Encoding': 'GET /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
    'an Upgrade': 'GET /a HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    'Expect: 100-continue': 'GET /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n',
    'Connection: close': 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    HTTP: 'GET /a HTTP/1.0\r\nHost: x\r\n\r\n',
    CONNECT: 'CONNECT /a HTTP/1.1\r\nHost: x\r\n\r\n',
    'a method in lower case': 'get /a HTTP/1.1\r\nHost: x\r\n\r\n',
    'a target that is not origin-form': 'GET http://x/a HTTP/1.1\r\nHost: x\r\n\r\n',
    'two spaces': 'GET  /a HTTP/1.1\r\nHost: x\r\n\r\n',
    'obsolete line folding': 'GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n',
    'a bare LF': 'GET /a HTTP/1.1\r\nHost: x\nX-A: a\r\n\r\n',
    'whitespace before the colon': 'GET /a HTTP/1.1\r\nHost : x\r\n\r\n',
    'a NUL in a value': 'GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n',
    'a DEL in the target': 'GET /a\x7f HTTP/1.1\r\nHost: x\r\n\r\n',
  };
  for (const [what, text] of Object.entries(others))
    it(`leaves a head with ${what} to Node`, () => {
      assert.equal(read(text), 'other');
    });

  it('takes only what Node reads the same way, ending where Node starts the next message (fuzzed)', async () => {
    const pieces = fc.constantFrom(
      'Host: idconf',
      'Accept: application/yang-data+json',
      'accept: */*',
      'Authorization: Basic YWRtaW46eA==',
      'X-Forwarded-For: 10.0.0.1, 10.0.0.2',
      'If-None-Match: "3"',
      'X-Tab:\tvalue\t',
      'X-Odd: a  b ',
      'X-High: caf\xe9',
      'Content-Length: 5',
      'Transfer-Encoding: chunked',
      'Connection: keep-alive',
      'Connection: close',
      'X-A : b',
      ' folded',
      'X-A: b\nX-B: c',
      'X-A: b\rc',
      'X-Nul: \0',
      'Bad[]: x',
      ': no-name',
    );
    const requestLines = fc.constantFrom(
      'GET /admin/api/restconf/data/bench:bench/entry=entry-5 HTTP/1.1',
      'GET /a?depth=1 HTTP/1.1',
      'HEAD /a HTTP/1.1',
      'DELETE /a%20b HTTP/1.1',
      'GET /a HTTP/1.0',
      'GET /a\tb HTTP/1.1',
      'get /a HTTP/1.1',
      'GET * HTTP/1.1',
    );
    await fc.assert(
      fc.asyncProperty(requestLines, fc.array(pieces, { maxLength: 6 }), async (line, fields) => {
        const text = `${[line, ...fields].join('\r\n')}\r\n\r\n`;
        const head = read(text);
        if (head === 'partial' || head === 'other' || !head.plain) return;
        const bytes = Buffer.concat([
          Buffer.from(text, 'latin1'),
          Buffer.from('GET /next HTTP/1.1\r\nHost: idconf\r\n\r\n', 'latin1'),
        ]);
        assert.equal(head.end, text.length);
        const { requests, refused } = await nodeReads(bytes);
        assert.equal(refused, false, `Node refused ${JSON.stringify(text)}`);
        assert.equal(requests.length, 2, `Node did not read two messages from ${JSON.stringify(text)}`);
        const [first, next] = requests as [IncomingMessage, IncomingMessage];
        assert.equal(first.method, head.method);
        assert.equal(first.url, head.url);
        for (const [name, value] of Object.entries(head.headers)) assert.equal(first.headers[name], value, name);
        assert.equal(Object.keys(first.headers).length, Object.keys(head.headers).length);
        assert.equal(next.url, '/next');
      }),
      { numRuns: 300 },
    );
  });
});
