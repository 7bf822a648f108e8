/**
 * @module test/nacm/event-streams.test
 * NACM on the NETCONF event stream, end to end: `idconf serve` with the example rule set of
 * docs/nacm.md, subscribers over HTTPS as each user. A subscriber receives only the edits of a
 * commit it may read (operators see no crypto path, auditors no secret), no event at all for a
 * commit it may see nothing of (live and replayed alike), and nothing once a notification-name
 * rule denies it the notification.
 * @see RFC 8341 §3.4.6, §3.4.5
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SseConnection } from '../support/sse-client.ts';
import type { NacmServer, Role } from './nacm-server.ts';
import { RESTCONF, startNacmServer, USERS } from './nacm-server.ts';

const PROFILE = '/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const PROFILE_TARGET = "/base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']/description";
const KEYSTORE = '/base:facilities/crypto/ssl/server-keystore=default-admin-keystore';
const KEYSTORE_TARGET = "/base:facilities/crypto/ssl/server-keystore[id='default-admin-keystore']/description";
const DATA_SOURCE_PASSWORD = "/base:facilities/data-sources/data-source[id='accounts-db']/sql/password";

type Notification = { 'ietf-restconf:notification': Record<string, { edit?: { target: string }[] }> };

const editsOf = (data: string): string[] =>
  (
    (JSON.parse(data) as Notification)['ietf-restconf:notification']['ietf-netconf-notifications:netconf-config-change']
      ?.edit ?? []
  ).map((edit) => edit.target);

describe('NACM on event streams', () => {
  let server: NacmServer;
  const open: SseConnection[] = [];
  before(async () => {
    server = await startNacmServer();
  });
  after(async () => {
    for (const connection of open) connection.close();
    await server.stop();
  });

  const password = 'nacm-test-password';
  const subscribe = async (role: Role, headers: Record<string, string> = {}, query = ''): Promise<SseConnection> => {
    const connection = await SseConnection.open(`${server.process.url}${RESTCONF}/streams/NETCONF/json${query}`, {
      Authorization: `Basic ${Buffer.from(`${USERS[role]}:${password}`).toString('base64')}`,
      ...headers,
    });
    assert.equal(connection.status, 200, connection.body);
    open.push(connection);
    return connection;
  };
  const patch = async (body: unknown): Promise<number> => {
    const response = await server.restconf('admin', 'PATCH', '/data?rollback-id=true', body);
    assert.equal(response.status, 200, response.body);
    return (JSON.parse(response.body) as { 'idconf-restconf:result': { rollback: { id: number } } })[
      'idconf-restconf:result'
    ].rollback.id;
  };
  const describeProfile = (text: string) => ({
    'ietf-restconf:data': {
      'base:profiles': {
        profile: [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: text }],
      },
    },
  });
  const describeKeystore = (text: string) => ({
    'base:facilities': {
      crypto: { ssl: { 'server-keystore': [{ id: 'default-admin-keystore', description: text }] } },
    },
  });

  it('each subscriber receives only what it may read, and nothing of a commit it may read nothing of', async () => {
    const admin = await subscribe('admin');
    const operator = await subscribe('operator');
    const auditor = await subscribe('auditor');
    const both = await patch({
      'ietf-restconf:data': { ...describeProfile('one')['ietf-restconf:data'], ...describeKeystore('one') },
    });
    const cryptoOnly = await patch({ 'ietf-restconf:data': describeKeystore('two') });
    const secretOnly = await patch({
      'ietf-restconf:data': {
        'base:facilities': {
          'data-sources': { 'data-source': [{ id: 'accounts-db', sql: { password: 'An0ther-Passw0rd!' } }] },
        },
      },
    });
    const profileOnly = await patch(describeProfile('two'));

    const adminEvents = await admin.waitFor(4);
    assert.deepEqual(
      adminEvents.map((event) => event.id),
      [both, cryptoOnly, secretOnly, profileOnly].map(String),
    );
    assert.deepEqual(editsOf(adminEvents[2]?.data ?? '{}'), [DATA_SOURCE_PASSWORD]);

    // Operators may not read crypto: its edit is left out, a commit of crypto alone is not sent.
    const operatorEvents = await operator.waitFor(2);
    assert.deepEqual(
      operatorEvents.map((event) => event.id),
      [both, profileOnly].map(String),
    );
    assert.deepEqual(editsOf(operatorEvents[0]?.data ?? '{}'), [PROFILE_TARGET]);
    // Auditors read crypto, but no secret (default-deny-all).
    const auditorEvents = await auditor.waitFor(3);
    assert.deepEqual(
      auditorEvents.map((event) => event.id),
      [both, cryptoOnly, profileOnly].map(String),
    );
    assert.deepEqual(editsOf(auditorEvents[0]?.data ?? '{}').sort(), [KEYSTORE_TARGET, PROFILE_TARGET].sort());
    for (const event of [...operatorEvents, ...auditorEvents]) assert.doesNotMatch(event.data, /password|Passw0rd/);

    // A replay is filtered the same way.
    const replayed = await subscribe('operator', { 'Last-Event-ID': String(both - 1) });
    const again = await replayed.waitFor(2);
    assert.deepEqual(
      again.map((event) => [event.id, editsOf(event.data)]),
      [
        [String(both), [PROFILE_TARGET]],
        [String(profileOnly), [PROFILE_TARGET]],
      ],
    );
    assert.ok(!(await server.restconf('operator', 'GET', `/data${KEYSTORE}`)).body.includes('two'));
  });

  it('a notification-name rule that denies netconf-config-change leaves the stream silent', async () => {
    const rule = await server.restconf('admin', 'POST', '/data/ietf-netconf-acm:nacm/rule-list=auditors', {
      'ietf-netconf-acm:rule': [
        {
          name: 'no-config-changes',
          'module-name': 'ietf-netconf-notifications',
          'notification-name': 'netconf-config-change',
          'access-operations': 'read',
          action: 'deny',
        },
      ],
    });
    assert.equal(rule.status, 201, rule.body);
    const operator = await subscribe('operator');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    const stored = await patch(describeProfile('three'));
    // A replay of what was stored since, then the live commits until stop-time: the control
    // events come, in order, and no config-change between them.
    const stop = new Date(Date.now() + 3000).toISOString();
    const auditor = await subscribe('auditor', {}, `?start-time=${since}&stop-time=${stop}`);
    const live = await patch(describeProfile('four'));
    assert.deepEqual(
      (await operator.waitFor(2)).map((event) => event.id),
      [stored, live].map(String),
    );
    const events = await auditor.waitForEnd();
    assert.deepEqual(
      events.map((event) => Object.keys((JSON.parse(event.data) as Notification)['ietf-restconf:notification'])[1]),
      ['idconf-notifications:replay-completed', 'idconf-notifications:subscription-terminated'],
    );
    assert.match(events[1]?.data ?? '', /"reason":"stop-time"/);
    assert.ok((await server.restconf('auditor', 'GET', `/data${PROFILE}`)).body.includes('four'));
  });
});
