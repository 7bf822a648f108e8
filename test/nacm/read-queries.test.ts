/**
 * @module test/nacm/read-queries.test
 * Reads under NACM with every query parameter, end to end over HTTPS on both APIs, with the
 * example rule set: what a user in no group and an auditor get is stated exactly for each
 * `depth`, `fields`, `content` and `with-defaults` of RESTCONF, each `/ds` datastore, JSON and
 * XML, and the legacy `deep`, `shallow`, `select`, `with-defaults`, `offset`/`limit`. Password
 * hashes, data source passwords and the NACM rules are never in any of them; a target the user
 * may read nothing of is 403 for GET and HEAD alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessDenied, HASH } from './nacm-checks.ts';
import type { NacmServer } from './nacm-server.ts';
import { DATA_SOURCE, startNacmServer, USERS, XML_TYPE } from './nacm-server.ts';

const AAA = '/data/idconf-aaa:aaa';
const SOURCE = `/data/base:facilities/data-sources/data-source=${DATA_SOURCE.id}`;
const NAMES = Object.values(USERS);

/** The accounts as RESTCONF JSON: names only, or names and descriptions. */
const accounts = (described: boolean) => ({
  'idconf-aaa:aaa': {
    authentication: {
      users: {
        user: NAMES.map((name) => (described ? { name, description: `the account of ${name}` } : { name })),
      },
    },
  },
});

/** The data source as a user who may not read its password sees it, with the defaults or without. */
const dataSource = (defaults: 'none' | 'report' | 'tagged') => {
  const tag = defaults === 'tagged' ? { 'ietf-netconf-with-defaults:default': true } : undefined;
  const value = (name: string, of: unknown) =>
    defaults === 'none' ? {} : { [name]: of, ...(tag === undefined ? {} : { [`@${name}`]: tag }) };
  return {
    'base:data-source': [
      {
        id: DATA_SOURCE.id,
        sql: {
          url: DATA_SOURCE.sql.url,
          username: DATA_SOURCE.sql.username,
          ...value('max-connections', 10),
          ...value('connect-timeout', 5000),
          ...value('query-timeout', 5000),
          ...value('tls', 'required'),
          ...(defaults === 'none'
            ? {}
            : {
                queries: {
                  ...value('credential-query', 'SELECT password FROM accounts WHERE username = :username'),
                  ...value('groups-query', 'SELECT group_name FROM account_groups WHERE username = :username'),
                },
              }),
        },
      },
    ],
  };
};

describe('NACM: reads with every query parameter, both APIs', () => {
  let server: NacmServer;
  const json = async (role: 'nobody' | 'auditor', path: string): Promise<unknown> => {
    const response = await server.restconf(role, 'GET', path);
    assert.equal(response.status, 200, `${path}: ${response.body}`);
    assert.doesNotMatch(response.body, HASH);
    assert.doesNotMatch(response.body, /Db-Passw0rd|aes256gcm/);
    return JSON.parse(response.body);
  };

  before(async () => {
    server = await startNacmServer();
  });
  after(async () => {
    await server?.stop();
  });

  describe('RESTCONF', () => {
    const cases: [string, unknown][] = [
      ['', accounts(true)],
      ['?depth=1', { 'idconf-aaa:aaa': {} }],
      ['?depth=4', accounts(false)],
      ['?depth=5', accounts(true)],
      ['?depth=unbounded', accounts(true)],
      ['?fields=authentication/users/user(name;password)', accounts(false)],
      ['?fields=authentication/users/user/password', accounts(false)],
      ['?content=config', accounts(true)],
      ['?content=nonconfig', { 'idconf-aaa:aaa': {} }],
      ['?with-defaults=report-all', accounts(true)],
      ['?with-defaults=report-all-tagged', accounts(true)],
      ['?with-defaults=explicit&content=config&depth=5', accounts(true)],
    ];
    for (const [query, expected] of cases) {
      it(`GET the accounts${query}: every account, no password`, async () => {
        assert.deepEqual(await json('nobody', `${AAA}${query}`), expected);
        assert.deepEqual(await json('auditor', `${AAA}${query}`), expected);
      });
    }

    it('GET a data source with each with-defaults mode: the defaults, not the password', async () => {
      assert.deepEqual(await json('nobody', SOURCE), dataSource('none'));
      assert.deepEqual(await json('nobody', `${SOURCE}?with-defaults=trim`), dataSource('none'));
      assert.deepEqual(await json('nobody', `${SOURCE}?with-defaults=report-all`), dataSource('report'));
      assert.deepEqual(await json('nobody', `${SOURCE}?with-defaults=report-all-tagged`), dataSource('tagged'));
      assert.deepEqual(await json('nobody', `${SOURCE}?fields=sql(username;password)`), {
        'base:data-source': [{ id: DATA_SOURCE.id, sql: { username: DATA_SOURCE.sql.username } }],
      });
    });

    it('GET the datastore at depth 1: every top-level node but the NACM rules', async () => {
      const top = (await json('nobody', '/data?depth=1')) as { 'ietf-restconf:data': Record<string, unknown> };
      assert.deepEqual(Object.keys(top['ietf-restconf:data']).sort(), [
        'base:environments',
        'base:facilities',
        'base:profiles',
        'idconf-aaa:aaa',
        'idconf-rollback:rollback-files',
        'ietf-restconf-monitoring:restconf-state',
        'ietf-yang-library:modules-state',
        'ietf-yang-library:yang-library',
      ]);
      const auditor = (await json('auditor', '/data?depth=1')) as { 'ietf-restconf:data': Record<string, unknown> };
      assert.ok('ietf-netconf-acm:nacm' in auditor['ietf-restconf:data']);
    });

    it('the auditor reads the rules with fields and depth; the user in no group reads none of them', async () => {
      assert.deepEqual(await json('auditor', '/data/ietf-netconf-acm:nacm?fields=rule-list(name;group)'), {
        'ietf-netconf-acm:nacm': {
          'rule-list': [
            { name: 'admin', group: ['admin'] },
            { name: 'operators', group: ['operators'] },
            { name: 'auditors', group: ['auditors'] },
          ],
        },
      });
      assert.deepEqual(await json('auditor', '/data/ietf-netconf-acm:nacm/groups?depth=2'), {
        'ietf-netconf-acm:groups': { group: [{ name: 'admin' }, { name: 'operators' }, { name: 'auditors' }] },
      });
      for (const query of ['', '?depth=1', '?fields=enable-nacm', '?content=nonconfig', '?with-defaults=report-all'])
        assertAccessDenied(await server.restconf('nobody', 'GET', `/data/ietf-netconf-acm:nacm${query}`), query);
    });

    it('/ds: running, intended and operational are filtered alike', async () => {
      for (const datastore of ['running', 'intended', 'operational']) {
        const base = `/ds/ietf-datastores:${datastore}`;
        assert.deepEqual(await json('nobody', `${base}/idconf-aaa:aaa`), accounts(true), datastore);
        assertAccessDenied(await server.restconf('nobody', 'GET', `${base}/ietf-netconf-acm:nacm`), datastore);
        const whole = await server.restconf('nobody', 'GET', base);
        assert.equal(whole.status, 200, whole.body);
        assert.doesNotMatch(whole.body, /ietf-netconf-acm:nacm"|\$argon2id\$|Db-Passw0rd|aes256gcm/);
      }
    });

    it('XML is filtered like JSON', async () => {
      const response = await server.restconf(
        'nobody',
        'GET',
        `${AAA}/authentication/users/user=olga`,
        undefined,
        XML_TYPE,
      );
      assert.equal(response.status, 200, response.body);
      assert.equal(
        response.body.trim(),
        '<user xmlns="urn:idconf:yang:aaa"><name>olga</name><description>the account of olga</description></user>',
      );
    });

    it('HEAD of a hidden target is 403 like its GET, with no body', async () => {
      const head = await server.restconf('nobody', 'HEAD', `${AAA}/authentication/users/user=olga/password`);
      assert.equal(head.status, 403);
      assert.equal(head.body, '');
    });
  });

  describe('legacy REST', () => {
    const legacy = async (path: string, type = 'data'): Promise<unknown> => {
      const response = await server.rest(
        'nobody',
        'GET',
        path,
        undefined,
        undefined,
        `application/vnd.yang.${type}+json`,
      );
      assert.equal(response.status, 200, `${path}: ${response.body}`);
      assert.doesNotMatch(response.body, HASH);
      return JSON.parse(response.body);
    };
    const authentication = (described: boolean) => ({
      'idconf-aaa:authentication': accounts(described)['idconf-aaa:aaa'].authentication,
    });

    it('variable depth, deep, shallow, select and with-defaults leave the hashes out', async () => {
      const base = '/running/aaa/authentication';
      assert.deepEqual(await legacy(base), authentication(false));
      assert.deepEqual(await legacy(`${base}?deep`), authentication(true));
      assert.deepEqual(await legacy(`${base}?shallow`), { 'idconf-aaa:authentication': { users: {} } });
      assert.deepEqual(await legacy(`${base}?select=users/user(name;password)`), authentication(false));
      assert.deepEqual(await legacy(`${base}?deep&with-defaults=report-all`), authentication(true));
    });

    it('a collection page counts the entries the user sees', async () => {
      const rule = '/data/ietf-netconf-acm:nacm/rule-list=auditors/rule=hide-admin';
      const hidden = await server.restconf('admin', 'PUT', `${rule}?insert=first`, {
        'ietf-netconf-acm:rule': [
          {
            name: 'hide-admin',
            path: "/idconf-aaa:aaa/authentication/users/user[name='admin']",
            'access-operations': 'read',
            action: 'deny',
          },
        ],
      });
      assert.equal(hidden.status, 201, hidden.body);
      const page = (offset: number) =>
        server.rest(
          'auditor',
          'GET',
          `/running/aaa/authentication/users/user?offset=${offset}&limit=2`,
          undefined,
          undefined,
          'application/vnd.yang.collection+json',
        );
      const described = (name: string) => ({ name, description: `the account of ${name}` });
      assert.deepEqual(JSON.parse((await page(0)).body), {
        collection: { 'idconf-aaa:user': [described('olga'), described('audrey')] },
      });
      assert.deepEqual(JSON.parse((await page(2)).body), {
        collection: { 'idconf-aaa:user': [described('nick')] },
      });
      assert.equal((await server.restconf('admin', 'DELETE', rule)).status, 204);
    });

    it('a data source, deep with its defaults, without its password', async () => {
      const {
        'base:data-source': [entry],
      } = dataSource('report');
      assert.deepEqual(
        await legacy(`/running/facilities/data-sources/data-source/${DATA_SOURCE.id}?deep&with-defaults=report-all`),
        { 'base:data-source': entry },
      );
    });

    it('the NACM rules are 403 in /running and /operational, present or not', async () => {
      for (const path of [
        '/running/nacm',
        '/operational/nacm',
        '/running/nacm/groups/group/admin',
        '/running/nacm/groups/group/ghost',
      ])
        assertAccessDenied(
          await server.rest('nobody', 'GET', path, undefined, undefined, 'application/vnd.yang.data+json'),
          path,
        );
    });

    it('XML is filtered like JSON', async () => {
      const response = await server.rest(
        'nobody',
        'GET',
        '/running/aaa/authentication/users/user/olga?deep',
        undefined,
        undefined,
        'application/vnd.yang.data+xml',
      );
      assert.equal(response.status, 200, response.body);
      assert.equal(
        response.body.trim(),
        '<user xmlns="urn:idconf:yang:aaa"><name>olga</name><description>the account of olga</description></user>',
      );
    });
  });
});
