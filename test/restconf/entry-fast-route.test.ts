/**
 * @module test/restconf/entry-fast-route.test
 * The fast paths of GET of one list entry (RESTCONF and the legacy API) against the general
 * pipeline, over real HTTP on kept-alive connections: every request of a matrix (both APIs,
 * JSON and XML, users NACM lets see all, part or none of the data, conditional requests, absent
 * and percent-encoded keys, query parameters, odd Accept headers, HEAD) is sent once with the
 * fast paths switched on and once with them off; status, headers (but Date), body and the
 * access-log record (but its request id and duration) must be the same. The fast paths'
 * counter shows which requests they answered: the plain reads, and none of the others.
 */
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Authenticator, Credentials, Principal } from '../../src/auth/index.ts';
import type { DataTree } from '../../src/data/index.ts';
import { decodeJson } from '../../src/data/index.ts';
import { Datastore, MemoryJournalStore } from '../../src/datastore/index.ts';
import { FAST_ROUTES, ManagementServer, Router } from '../../src/http/index.ts';
import { legacyRestRoutes } from '../../src/legacy-rest/index.ts';
import { ManagementService } from '../../src/management/index.ts';
import { restconfRoutes } from '../../src/restconf/index.ts';
import type { AccessRecord, Logger } from '../../src/util/index.ts';
import { SILENT_LOGGER } from '../../src/util/index.ts';
import { testSchema } from '../../test/support/test-schema.ts';

const MODULE = `module fast-shop {
  yang-version 1.1;
  namespace "urn:example:fast-shop";
  prefix fs;
  container shop {
    leaf title { type string; }
    list item {
      key "id";
      leaf id { type string; }
      leaf price { type uint32; }
      leaf colour { type string; default "red"; }
      leaf secret { type string; }
      container stock {
        leaf count { type uint32; }
        container place { leaf shelf { type string; } }
      }
    }
    list pair {
      key "a b";
      leaf a { type string; }
      leaf b { type uint8; }
      leaf label { type string; }
      list part { key "n"; leaf n { type int32; } leaf text { type string; } }
    }
    list tag {
      key "name";
      leaf name { type string; }
      leaf weight { type decimal64 { fraction-digits 2; } }
      leaf-list labels { type string; }
      container meta { leaf a { type int8; } container deeper { leaf b { type boolean; } leaf e { type empty; } } }
    }
    list machine {
      key "name";
      leaf name { type string; }
      action ping { output { leaf ok { type boolean; } } }
    }
  }
  container status {
    config false;
    list reading { key "id"; leaf id { type string; } }
  }
}`;

const schema = testSchema([MODULE], ['ietf-netconf-acm']);

const INITIAL = {
  'fast-shop:shop': {
    title: 'corner shop',
    item: [
      { id: 'apple', price: 3, secret: 'cost 1', stock: { count: 12, place: { shelf: 'A1' } } },
      { id: 'a b/c,d', price: 5, colour: 'green' },
      { id: 'big', price: 1, secret: 'x'.repeat(70_000) },
    ],
    pair: [{ a: 'left', b: 7, label: 'a pair', part: [{ n: -1, text: 'minus one' }] }],
    machine: [{ name: 'press' }],
    tag: [
      { name: 'fresh', weight: '1.50', labels: ['b', 'a'], meta: { a: -3, deeper: { b: false, e: [null] } } },
      { name: 'plain' },
    ],
  },
  'ietf-netconf-acm:nacm': {
    'enable-nacm': true,
    groups: {
      group: [
        { name: 'admins', 'user-name': ['admin'] },
        { name: 'staff', 'user-name': ['ann'] },
        { name: 'temps', 'user-name': ['pat'] },
        { name: 'outsiders', 'user-name': ['nick'] },
      ],
    },
    'rule-list': [
      {
        name: 'admins',
        group: ['admins'],
        rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }],
      },
      {
        name: 'staff',
        group: ['staff'],
        rule: [{ name: 'no-nacm', path: '/ietf-netconf-acm:nacm', 'access-operations': '*', action: 'deny' }],
      },
      {
        name: 'temps',
        group: ['temps'],
        rule: [{ name: 'no-secret', path: '/fast-shop:shop/item/secret', 'access-operations': 'read', action: 'deny' }],
      },
      {
        name: 'outsiders',
        group: ['outsiders'],
        rule: [{ name: 'no-shop', path: '/fast-shop:shop', 'access-operations': 'read', action: 'deny' }],
      },
    ],
  },
};

const USERS = ['admin', 'ann', 'pat', 'nick'] as const;
type User = (typeof USERS)[number];

/** Any password is right; every login is current (so that connections remember it). */
const authenticator: Authenticator = {
  authenticate: async (credentials: Credentials): Promise<Principal> => {
    if (credentials.scheme !== 'basic') throw new Error('basic only');
    return { user: credentials.user, groups: [], method: 'basic' };
  },
  isCurrent: () => true,
};

interface Answer {
  readonly status: number;
  readonly headers: readonly string[];
  readonly body: string;
  readonly record: Omit<AccessRecord, 'requestId' | 'durationMs'> | undefined;
}

const RESTCONF = '/admin/api/restconf/data';
const LEGACY = '/admin/api/rest/running';

describe('the fast paths of GET of one list entry', () => {
  let server: ManagementServer;
  let port = 0;
  const records: AccessRecord[] = [];
  const agents = new Map<User, Agent>(USERS.map((user) => [user, new Agent({ keepAlive: true, maxSockets: 1 })]));
  const log: Logger = { ...SILENT_LOGGER, request: (record) => records.push(record) };

  const send = (user: User, method: string, path: string, headers: Record<string, string>): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const before = records.length;
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: agents.get(user),
          headers: { Authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}`, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            // The access log is written when the response closes: wait for it.
            setImmediate(() => {
              const record = records.slice(before).at(-1);
              const { requestId: _id, durationMs: _duration, ...rest } = record ?? ({} as AccessRecord);
              const raw = response.rawHeaders;
              const kept: string[] = [];
              for (let index = 0; index < raw.length; index += 2)
                if (raw[index]?.toLowerCase() !== 'date') kept.push(`${raw[index]}: ${raw[index + 1]}`);
              resolve({
                status: response.statusCode ?? 0,
                headers: kept,
                body: Buffer.concat(chunks).toString('utf8'),
                record: record === undefined ? undefined : rest,
              });
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });

  /** The answers of the fast and the general path, and whether the fast path answered. */
  const both = async (
    user: User,
    path: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<{ fast: Answer; general: Answer; answered: boolean }> => {
    FAST_ROUTES.enabled = true;
    const count = FAST_ROUTES.answered;
    const fast = await send(user, method, path, headers);
    const answered = FAST_ROUTES.answered === count + 1;
    FAST_ROUTES.enabled = false;
    try {
      const general = await send(user, method, path, headers);
      assert.equal(FAST_ROUTES.answered, count + (answered ? 1 : 0));
      return { fast, general, answered };
    } finally {
      FAST_ROUTES.enabled = true;
    }
  };

  const same = async (
    expected: { answered: boolean; status: number },
    user: User,
    path: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<Answer> => {
    const { fast, general, answered } = await both(user, path, headers, method);
    const what = `${method} ${path.slice(0, 120)} as ${user} ${JSON.stringify(headers)}`;
    assert.equal(general.status, expected.status, `${what}: ${general.body}`);
    assert.deepEqual(fast, general, what);
    assert.equal(answered, expected.answered, `${what}: answered by the fast path`);
    return fast;
  };

  before(async () => {
    const datastore = await Datastore.open({
      schema,
      journal: new MemoryJournalStore(),
      initial: (): DataTree => decodeJson(schema, INITIAL, { schema, config: true }),
    });
    const management = await ManagementService.create({ datastore, dataPathParser: () => [] });
    const router = new Router();
    for (const route of restconfRoutes({ management, authenticator })) router.mount(route);
    for (const route of legacyRestRoutes({ management, authenticator })) router.mount(route);
    // Headers the server adds to every response (as a cluster node whose reads may be stale does).
    server = new ManagementServer({ router, log, tls: undefined, responseHeaders: () => ({ 'Idconf-Note': 'x' }) });
    port = (await server.listen(0, '127.0.0.1')).port;
    // The first request of each connection logs in; later ones reuse it (what the fast paths need).
    for (const user of USERS) await send(user, 'GET', RESTCONF, {});
  });
  after(async () => {
    FAST_ROUTES.enabled = true;
    for (const agent of agents.values()) agent.destroy();
    await server.close();
  });

  const ENTRIES = {
    restconf: [
      `${RESTCONF}/fast-shop:shop/item=apple`,
      `${RESTCONF}/fast-shop:shop/pair=left,7`,
      `${RESTCONF}/fast-shop:shop/tag=fresh`,
      `${RESTCONF}/fast-shop:shop/tag=plain`,
    ],
    legacy: [
      `${LEGACY}/fast-shop:shop/item/apple`,
      `${LEGACY}/shop/pair/left,7`,
      `${LEGACY}/shop/tag/fresh`,
      `${LEGACY}/shop/tag/plain`,
    ],
  };
  const JSON_TYPES = { restconf: 'application/yang-data+json', legacy: 'application/vnd.yang.data+json' };
  const XML_TYPES = { restconf: 'application/yang-data+xml', legacy: 'application/vnd.yang.data+xml' };

  for (const api of ['restconf', 'legacy'] as const) {
    it(`${api}: plain reads of an entry are answered by the fast path, the same as the general one`, async () => {
      for (const path of ENTRIES[api])
        for (const accept of [JSON_TYPES[api], XML_TYPES[api], undefined, '*/*', 'application/json', 'application/xml'])
          for (const user of ['admin', 'ann'] as const) {
            const answer = await same(
              { answered: true, status: 200 },
              user,
              path,
              accept === undefined ? {} : { Accept: accept },
            );
            assert.ok(answer.headers.some((header) => header.startsWith('ETag: ')));
            assert.ok(answer.headers.includes('Idconf-Note: x'));
          }
    });

    it(`${api}: percent-encoded keys are decoded the same way`, async () => {
      const encoded =
        api === 'restconf' ? `${RESTCONF}/fast-shop:shop/item=a%20b%2Fc%2Cd` : `${LEGACY}/shop/item/a%20b%2Fc%2Cd`;
      const answer = await same({ answered: true, status: 200 }, 'admin', encoded, { Accept: JSON_TYPES[api] });
      assert.match(answer.body, /green/);
    });

    it(`${api}: conditional reads, fast where they need no error`, async () => {
      const [path] = ENTRIES[api] as [string];
      const first = await send('admin', 'GET', path, { Accept: JSON_TYPES[api] });
      const etag = first.headers.find((header) => header.startsWith('ETag: '))?.slice(6) ?? '';
      const modified = first.headers.find((header) => header.startsWith('Last-Modified: '))?.slice(15) ?? '';
      const accept = { Accept: JSON_TYPES[api] };
      await same({ answered: true, status: 304 }, 'admin', path, { ...accept, 'If-None-Match': etag });
      await same({ answered: true, status: 304 }, 'ann', path, { ...accept, 'If-None-Match': `"0", ${etag}` });
      await same({ answered: true, status: 200 }, 'admin', path, { ...accept, 'If-None-Match': '"other"' });
      await same({ answered: true, status: 304 }, 'admin', path, { ...accept, 'If-Modified-Since': modified });
      const earlier = new Date(Date.parse(modified) - 60_000).toUTCString();
      await same({ answered: true, status: 200 }, 'admin', path, { ...accept, 'If-Modified-Since': earlier });
      await same({ answered: false, status: 200 }, 'admin', path, { ...accept, 'If-Match': etag });
      await same({ answered: false, status: 412 }, 'admin', path, { ...accept, 'If-Match': '"other"' });
      await same({ answered: false, status: 412 }, 'admin', path, { ...accept, 'If-Unmodified-Since': earlier });
    });

    it(`${api}: users NACM shows part or none of the entry go the general way`, async () => {
      const [path] = ENTRIES[api] as [string];
      const partial = await same({ answered: false, status: 200 }, 'pat', path, { Accept: JSON_TYPES[api] });
      assert.doesNotMatch(partial.body, /cost 1/);
      await same({ answered: false, status: api === 'restconf' ? 403 : 403 }, 'nick', path, {
        Accept: JSON_TYPES[api],
      });
    });

    it(`${api}: anything unusual goes the general way, errors included`, async () => {
      const [path] = ENTRIES[api] as [string];
      const accept = { Accept: JSON_TYPES[api] };
      const missing = api === 'restconf' ? `${RESTCONF}/fast-shop:shop/item=pear` : `${LEGACY}/shop/item/pear`;
      await same({ answered: false, status: 404 }, 'admin', missing, accept);
      const badKey = api === 'restconf' ? `${RESTCONF}/fast-shop:shop/pair=left,300` : `${LEGACY}/shop/pair/left,300`;
      await same({ answered: false, status: 400 }, 'admin', badKey, accept);
      const query = api === 'restconf' ? '?depth=1' : '?deep';
      await same({ answered: false, status: 200 }, 'admin', `${path}${query}`, accept);
      const badQuery = api === 'restconf' ? '?depth=zero' : '?nonsense';
      await same({ answered: false, status: 400 }, 'admin', `${path}${badQuery}`, accept);
      await same({ answered: false, status: 406 }, 'admin', path, { Accept: 'text/html' });
      await same({ answered: false, status: 200 }, 'admin', path, { ...accept, 'Content-Type': JSON_TYPES[api] });
      await same({ answered: false, status: 200 }, 'admin', path, accept, 'HEAD');
      // Larger than what is sent whole: streamed by the general path.
      const large = api === 'restconf' ? `${RESTCONF}/fast-shop:shop/item=big` : `${LEGACY}/shop/item/big`;
      const streamed = await same({ answered: false, status: 200 }, 'admin', large, accept);
      assert.ok(streamed.headers.includes('Transfer-Encoding: chunked'));
      // A dot segment is normalised by the URL parser: the path is no longer the URL.
      const dotted =
        api === 'restconf' ? `${RESTCONF}/fast-shop:shop/x/../item=apple` : `${LEGACY}/shop/x/../item/apple`;
      await same({ answered: false, status: 200 }, 'admin', dotted, accept);
      const state = api === 'restconf' ? `${RESTCONF}/fast-shop:status/reading=r1` : `${LEGACY}/status/reading/r1`;
      await same({ answered: false, status: 404 }, 'admin', state, accept);
    });
  }

  it('restconf: one of a list with an action is fast; an entry inside an entry is not (yet)', async () => {
    await same({ answered: false, status: 200 }, 'admin', `${RESTCONF}/fast-shop:shop/pair=left,7/part=-1`, {});
    await same({ answered: true, status: 200 }, 'admin', `${RESTCONF}/fast-shop:shop/machine=press`, {});
  });

  it('legacy: an entry with operation links goes the general way in JSON', async () => {
    const path = `${LEGACY}/shop/machine/press`;
    await same({ answered: false, status: 200 }, 'admin', path, { Accept: 'application/vnd.yang.data+json' });
    await same({ answered: true, status: 200 }, 'admin', path, { Accept: 'application/vnd.yang.data+xml' });
    await same({ answered: true, status: 200 }, 'admin', `${LEGACY}/shop/pair/left,7/part/-1`, {});
  });

  it('a connection without a remembered login goes the general way, then is fast', async () => {
    const fresh = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.get('ann')?.destroy();
    agents.set('ann', fresh);
    const [path] = ENTRIES.restconf as [string];
    const count = FAST_ROUTES.answered;
    await send('ann', 'GET', path, {});
    assert.equal(FAST_ROUTES.answered, count);
    await send('ann', 'GET', path, {});
    assert.equal(FAST_ROUTES.answered, count + 1);
  });

  it('after a commit, the fast path reads the new entry and version', async () => {
    const [path] = ENTRIES.restconf as [string];
    const before = await send('admin', 'GET', path, {});
    const patched = await send('admin', 'PATCH', path, {});
    assert.ok(patched.status >= 400, 'a PATCH without a body is refused');
    const changed = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'PATCH',
          path,
          agent: agents.get('admin'),
          headers: {
            Authorization: `Basic ${Buffer.from('admin:pw').toString('base64')}`,
            'Content-Type': 'application/yang-data+json',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ 'fast-shop:item': [{ id: 'apple', price: 4 }] }));
    });
    assert.equal(changed, 204);
    const after = await same({ answered: true, status: 200 }, 'admin', path, {});
    // The entries the commit did not touch keep their version, on both paths and both APIs.
    for (const other of [...ENTRIES.restconf, ...ENTRIES.legacy])
      await same({ answered: true, status: 200 }, 'ann', other, {});
    assert.match(after.body, /"price":4/);
    assert.notDeepEqual(
      after.headers.find((header) => header.startsWith('ETag')),
      before.headers.find((header) => header.startsWith('ETag')),
    );
  });
});
