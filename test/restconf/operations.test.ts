/**
 * @module test/restconf/operations.test
 * RPCs and actions over a real HTTPS socket (RFC 8040 §3.6, §4.4.2): the operations resource,
 * the RFC's reboot and reset examples with handlers bound through the management layer's
 * operation framework, input in every wrapper form and in XML, input and output checks, the
 * `/operations/<data path>` alias of actions, and the rollback files (list, get, apply).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { leafValueOf } from '../../src/management/index.ts';
import type { YangValue } from '../../src/yang/index.ts';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

const OPS_NS = 'https://example.com/ns/example-ops';
const ETH0 = '/data/example-actions:interfaces/interface=eth0';
const XML = 'application/yang-data+xml';

type Files = { 'idconf-rollback:rollback-files': { file: { id: number; 'fixed-number': number; comment?: string }[] } };

describe('RESTCONF operations', () => {
  let server: RestconfTestServer;
  const reboots: Record<string, YangValue | undefined>[] = [];
  const resets: { readonly parent: string; readonly delay: YangValue | undefined }[] = [];
  before(async () => {
    server = await startRestconfServer({
      ...JUKEBOX_CONFIG(),
      'example-actions:interfaces': { interface: [{ name: 'eth0' }, { name: 'broken' }] },
    });
    const { management } = server;
    management.registerOperation('/example-ops:reboot', ({ input }) => {
      reboots.push({
        delay: leafValueOf(input, 'delay'),
        message: leafValueOf(input, 'message'),
        language: leafValueOf(input, 'language'),
      });
      return undefined;
    });
    management.registerOperation('/example-ops:get-reboot-info', () => ({
      'reboot-time': 30,
      message: 'Going down for system maintenance',
      language: 'en-US',
    }));
    management.registerOperation('/example-jukebox:play', () => undefined);
    management.registerOperation('/example-actions:interfaces/interface/reset', ({ input, parentPath }) => {
      resets.push({ parent: String(parentPath.at(-1)?.keys?.[0]), delay: leafValueOf(input, 'delay') });
      return undefined;
    });
    management.registerOperation('/example-actions:interfaces/interface/get-last-reset-time', ({ parentPath }) =>
      parentPath.at(-1)?.keys?.[0] === 'broken' ? {} : { 'last-reset': '2016-08-15T12:34:56Z' },
    );
  });
  after(async () => {
    await server.close();
  });

  describe('the operations resource', () => {
    it('lists the RPCs as empty leaves (RFC 8040 §3.3.2)', async () => {
      const response = await server.request('GET', '/operations');
      assert.deepEqual(jsonOf(response), {
        'ietf-restconf:operations': {
          'example-jukebox:play': [null],
          'example-ops:reboot': [null],
          'example-ops:get-reboot-info': [null],
        },
      });
      const xml = await server.request('GET', '/operations', { accept: XML });
      assert.match(xml.body, new RegExp(`<reboot xmlns="${OPS_NS}"/>`));
    });
  });

  describe('RPCs', () => {
    it('reboot with module-qualified input: 204 (RFC 8040 §3.6.1)', async () => {
      const response = await server.request('POST', '/operations/example-ops:reboot', {
        body: { 'example-ops:input': { delay: 600, message: 'Going down for system maintenance', language: 'en-US' } },
      });
      assert.equal(response.status, 204);
      assert.deepEqual(reboots.at(-1), { delay: 600, message: 'Going down for system maintenance', language: 'en-US' });
    });
    it('input as `input`, without a wrapper, in XML, or absent', async () => {
      for (const [body, type] of [
        [{ input: { delay: 1 } }, undefined],
        [{ delay: 2 }, undefined],
        [`<input xmlns="${OPS_NS}"><delay>3</delay></input>`, XML],
      ] as const) {
        const response = await server.request('POST', '/operations/example-ops:reboot', {
          body,
          ...(type === undefined ? {} : { type }),
        });
        assert.equal(response.status, 204, response.body);
      }
      assert.deepEqual(
        reboots.slice(-3).map((entry) => entry.delay),
        [1, 2, 3],
      );
      assert.equal((await server.request('POST', '/operations/example-ops:reboot')).status, 204);
      assert.equal(reboots.at(-1)?.delay, undefined);
    });
    it('an RPC with output: 200 with module:output, in JSON and XML (RFC 8040 §3.6.2)', async () => {
      const json = await server.request('POST', '/operations/example-ops:get-reboot-info');
      assert.equal(json.status, 200);
      assert.deepEqual(jsonOf(json), {
        'example-ops:output': { 'reboot-time': 30, message: 'Going down for system maintenance', language: 'en-US' },
      });
      const xml = await server.request('POST', '/operations/example-ops:get-reboot-info', { accept: XML });
      assert.equal(
        xml.body.trim(),
        `<output xmlns="${OPS_NS}"><reboot-time>30</reboot-time><message>Going down for system maintenance</message><language>en-US</language></output>`,
      );
    });
    it('input is checked before the handler runs: types, unknown nodes, mandatory leaves', async () => {
      const count = reboots.length;
      const bad = await server.request('POST', '/operations/example-ops:reboot', {
        body: { input: { delay: 'soon' } },
      });
      assert.equal(bad.status, 400);
      assert.equal(firstError(bad)['error-tag'], 'invalid-value');
      const unknown = await server.request('POST', '/operations/example-ops:reboot', { body: { input: { when: 1 } } });
      assert.equal(unknown.status, 400);
      assert.equal(firstError(unknown)['error-tag'], 'unknown-element');
      assert.equal(reboots.length, count);
      const missing = await server.request('POST', '/operations/example-jukebox:play', { body: { input: {} } });
      assert.equal(missing.status, 400);
      assert.equal(firstError(missing)['error-tag'], 'missing-element');
      assert.equal(firstError(missing)['error-path'], '/example-jukebox:play/input/playlist');
    });
    it('an RPC below /data is refused with a pointer to /operations', async () => {
      const response = await server.request('POST', '/data/example-ops:reboot');
      assert.equal(response.status, 400);
      assert.match(firstError(response)['error-message'] ?? '', /operations\/example-ops:reboot/);
    });
    it('an RPC without a handler is 501', async () => {
      const { schema } = server;
      assert.ok(schema.rpcs.some((rpc) => rpc.name === 'play'));
      const unbound = await server.request('POST', '/operations/ietf-netconf:get');
      assert.equal(unbound.status, 501);
      assert.equal(firstError(unbound)['error-tag'], 'operation-not-supported');
    });
    it('an RPC without a handler checks its input first: the answer says what is wrong with it', async () => {
      const lock = '/operations/ietf-netconf:lock';
      const unknown = await server.request('POST', lock, { body: { 'ietf-netconf:input': { nonsense: 1 } } });
      assert.equal(unknown.status, 400);
      assert.equal(firstError(unknown)['error-tag'], 'unknown-element');
      const wrapper = await server.request('POST', lock, { body: { 'example-ops:input': {} } });
      assert.equal(wrapper.status, 400);
      const typed = await server.request('POST', lock, { body: { 'ietf-netconf:input': { target: { running: 5 } } } });
      assert.equal(typed.status, 400);
      assert.equal(firstError(typed)['error-tag'], 'invalid-value');
      // lock's input has a mandatory choice: missing-choice is data-missing (RFC 7950 §15.6).
      const missing = await server.request('POST', lock, { body: { 'ietf-netconf:input': {} } });
      assert.equal(missing.status, 409);
      assert.equal(firstError(missing)['error-app-tag'], 'missing-choice');
      const valid = await server.request('POST', lock, {
        body: { 'ietf-netconf:input': { target: { running: [null] } } },
      });
      assert.equal(valid.status, 501);
    });
  });

  describe('actions', () => {
    it('reset on its instance: 204 (RFC 8040 §3.6.1 example)', async () => {
      const response = await server.request('POST', `${ETH0}/reset`, {
        body: { 'example-actions:input': { delay: 600 } },
      });
      assert.equal(response.status, 204);
      assert.deepEqual(resets.at(-1), { parent: 'eth0', delay: 600 });
    });
    it('an action with output (RFC 8040 §3.6.2 example)', async () => {
      const response = await server.request('POST', `${ETH0}/get-last-reset-time`);
      assert.equal(response.status, 200);
      assert.deepEqual(jsonOf(response), { 'example-actions:output': { 'last-reset': '2016-08-15T12:34:56Z' } });
    });
    it('an action is also reachable below /operations by its data path', async () => {
      const response = await server.request('POST', '/operations/example-actions:interfaces/interface=eth0/reset', {
        body: { input: { delay: 5 } },
      });
      assert.equal(response.status, 204);
      assert.deepEqual(resets.at(-1), { parent: 'eth0', delay: 5 });
    });
    it('the instance must exist (409 data-missing, RFC 8040 §7)', async () => {
      const response = await server.request('POST', '/data/example-actions:interfaces/interface=eth9/reset');
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-tag'], 'data-missing');
      assert.equal(firstError(response)['error-path'], "/example-actions:interfaces/interface[name='eth9']/reset");
    });
    it('an output that breaks the schema is a 500, not a reply', async () => {
      const response = await server.request(
        'POST',
        '/data/example-actions:interfaces/interface=broken/get-last-reset-time',
      );
      assert.equal(response.status, 500);
      assert.equal(firstError(response)['error-tag'], 'operation-failed');
    });
    it('a data node below /operations is 400', async () => {
      const response = await server.request('POST', '/operations/example-actions:interfaces');
      assert.equal(response.status, 400);
    });
  });

  describe('rollback files', () => {
    const files = async () =>
      jsonOf<Files>(await server.request('GET', '/data/idconf-rollback:rollback-files'))[
        'idconf-rollback:rollback-files'
      ].file;
    const gap = async (): Promise<string | number> => {
      const response = await server.request('GET', '/data/example-jukebox:jukebox/player/gap');
      return response.status === 200
        ? jsonOf<{ 'example-jukebox:gap': string }>(response)['example-jukebox:gap']
        : response.status;
    };
    const setGap = async (value: string, comment: string) => {
      const response = await server.request(
        'PUT',
        `/data/example-jukebox:jukebox/player/gap?rollback-comment=${comment}`,
        {
          body: { 'example-jukebox:gap': value },
        },
      );
      assert.equal(response.status, 204);
    };

    it('lists the files newest first with id, fixed-number, creator, date, via and comment', async () => {
      await setGap('1.1', 'first');
      await setGap('1.2', 'second');
      const list = await files();
      assert.deepEqual(
        list.slice(0, 2).map((file) => [file.id, file.comment]),
        [
          [0, 'second'],
          [1, 'first'],
        ],
      );
      assert.equal((list[0]?.['fixed-number'] ?? 0) - 1, list[1]?.['fixed-number']);
      assert.equal(list.at(-1)?.comment, 'factory default');
    });
    it('get-rollback-file returns one file with its content', async () => {
      const response = await server.request('POST', '/data/idconf-rollback:rollback-files/get-rollback-file', {
        body: { input: { id: 0 } },
      });
      assert.equal(response.status, 200);
      const output = jsonOf<{ 'idconf-rollback:output': Record<string, unknown> }>(response)['idconf-rollback:output'];
      assert.equal(output.id, 0);
      assert.equal(output.comment, 'second');
      assert.equal(output.via, 'restconf');
      assert.match(String(output.content), /~ \/example-jukebox:jukebox\/player\/gap "1.2" -> "1.1"/);
    });
    it('apply-rollback-file with {"input": {"fixed-number": "N"}} restores the state before commit N', async () => {
      await setGap('1.3', 'third');
      const list = await files();
      const second = list.find((file) => file.comment === 'second')?.['fixed-number'];
      const response = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        body: { input: { 'fixed-number': String(second) } },
      });
      assert.equal(response.status, 204, response.body);
      assert.equal(await gap(), '1.1');
      const newest = (await files())[0];
      assert.equal(newest?.['fixed-number'], (list[0]?.['fixed-number'] ?? 0) + 1, 'the rollback is itself a commit');
    });
    it('selective rollback undoes one commit only; rollback-id=true names the new commit', async () => {
      await setGap('0.7', 'seven');
      await server.request('PUT', '/data/t-restconf:settings/name?rollback-comment=rename', {
        body: { 't-restconf:name': 'renamed' },
      });
      const seven = (await files()).find((file) => file.comment === 'seven')?.['fixed-number'];
      const response = await server.request(
        'POST',
        '/data/idconf-rollback:rollback-files/apply-rollback-file?rollback-id=true&rollback-comment=undo%20seven',
        { body: { input: { 'fixed-number': seven, selective: [null] } } },
      );
      assert.equal(response.status, 200, response.body);
      const id = jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(response)['idconf-restconf:result']
        .rollback.id;
      const newest = (await files())[0];
      assert.equal(newest?.['fixed-number'], id);
      assert.equal(newest?.comment, 'undo seven');
      assert.equal(await gap(), '1.1');
      assert.deepEqual(jsonOf(await server.request('GET', '/data/t-restconf:settings/name')), {
        't-restconf:name': 'renamed',
      });
    });
    it('a rollback restricted to a path leaves the rest', async () => {
      await setGap('0.2', 'gap-again');
      await server.request('PUT', '/data/t-restconf:settings/name', { body: { 't-restconf:name': 'third-name' } });
      const response = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        body: { input: { id: 1, path: 'example-jukebox:jukebox/player' } },
      });
      assert.equal(response.status, 204, response.body);
      assert.equal(await gap(), '1.1');
      assert.deepEqual(jsonOf(await server.request('GET', '/data/t-restconf:settings/name')), {
        't-restconf:name': 'third-name',
      });
    });
    it('a file that does not exist, or input without a file, is 400', async () => {
      const absent = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        body: { input: { 'fixed-number': 99999 } },
      });
      assert.equal(absent.status, 400);
      const none = await server.request('POST', '/data/idconf-rollback:rollback-files/get-rollback-file', {
        body: { input: {} },
      });
      assert.equal(none.status, 409);
      assert.equal(firstError(none)['error-app-tag'], 'missing-choice');
      const badPath = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        body: { input: { id: 0, path: 'no-such:thing' } },
      });
      assert.equal(badPath.status, 400);
    });
  });
});
