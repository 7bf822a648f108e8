/**
 * @module http/trusted-proxies.test
 * The client address of a request: the peer unless it is a trusted proxy, then the nearest
 * untrusted address of the configured forwarding header, read from the right.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { parseForwarded, parseXForwardedFor } from './forwarded-for.ts';
import { TrustedProxies, TrustedProxyError } from './trusted-proxies.ts';

const request = (peer: string, headers: Record<string, string | string[]> = {}): IncomingMessage =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('forwarding headers', () => {
  it('X-Forwarded-For: entries oldest first, brackets and ports removed', () => {
    assert.deepEqual(parseXForwardedFor('192.0.2.1, [2001:db8::1]:4711,198.51.100.7:80 , 2001:db8::2, unknown'), [
      '192.0.2.1',
      '2001:db8::1',
      '198.51.100.7',
      '2001:db8::2',
      'unknown',
    ]);
  });

  it('Forwarded: the for parameter of each element, quoted or not (RFC 7239 §4 examples)', () => {
    assert.deepEqual(
      parseForwarded(
        'for="_gazonk", For="[2001:db8:cafe::17]:4711", for=192.0.2.60;proto=http;by=203.0.113.43, proto=https, for=unknown',
      ),
      ['_gazonk', '2001:db8:cafe::17', '192.0.2.60', 'unknown', 'unknown'],
    );
    assert.deepEqual(parseForwarded('for="a,b";by=x, for=192.0.2.1'), ['a,b', '192.0.2.1']);
  });
});

describe('TrustedProxies', () => {
  const proxies = new TrustedProxies(['10.0.0.0/8', '192.0.2.10', 'fd00::/8']);

  it('without proxies, or from an untrusted peer, the client is the peer whatever it claims', () => {
    const none = new TrustedProxies([]);
    assert.equal(none.empty, true);
    assert.equal(none.clientAddress(request('10.1.1.1', { 'x-forwarded-for': '198.51.100.2' })), '10.1.1.1');
    assert.equal(proxies.clientAddress(request('203.0.113.9', { 'x-forwarded-for': '198.51.100.2' })), '203.0.113.9');
  });

  it('from a trusted peer, the nearest untrusted address from the right', () => {
    const cases: [string, string, string][] = [
      ['10.0.0.1', '198.51.100.2', '198.51.100.2'],
      ['10.0.0.1', 'spoofed-by-client, 198.51.100.2', '198.51.100.2'],
      ['10.0.0.1', '203.0.113.5, 198.51.100.2, 10.2.3.4', '198.51.100.2'],
      ['192.0.2.10', '198.51.100.2, 10.0.0.7, 192.0.2.10', '198.51.100.2'],
      ['10.0.0.1', '10.9.9.9, 10.0.0.2', '10.9.9.9'],
      ['10.0.0.1', '', '10.0.0.1'],
      ['fd12::1', '[2001:db8::5]:1234', '2001:db8::5'],
      ['::ffff:10.0.0.1', '198.51.100.2', '198.51.100.2'],
      ['10.0.0.1', 'garbage', '10.0.0.1'],
      ['10.0.0.1', '198.51.100.9, unknown, 10.0.0.3', '10.0.0.3'],
    ];
    for (const [peer, header, expected] of cases)
      assert.equal(
        proxies.clientAddress(request(peer, header === '' ? {} : { 'x-forwarded-for': header })),
        expected,
        `${peer} ${header}`,
      );
  });

  it('reads only the configured header', () => {
    const headers = { 'x-forwarded-for': '203.0.113.1', forwarded: 'for=198.51.100.2;proto=https' };
    assert.equal(proxies.clientAddress(request('10.0.0.1', headers)), '203.0.113.1');
    const viaForwarded = new TrustedProxies(['10.0.0.0/8'], { header: 'forwarded' });
    assert.equal(viaForwarded.clientAddress(request('10.0.0.1', headers)), '198.51.100.2');
    assert.equal(viaForwarded.clientAddress(request('10.0.0.1', { forwarded: 'for="_hidden"' })), '_hidden');
  });

  it('refuses what is no address or network', () => {
    for (const entry of ['proxy.example', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/', '10.0.0.0/8x', ''])
      assert.throws(() => new TrustedProxies([entry]), TrustedProxyError, entry);
  });
});
