/**
 * @module test/legacy-rest/control-characters.test
 * Requests that smuggle control characters (a NUL, an escape sequence, a C1 control, U+FFFF)
 * into a path, a query or a body, on both front-ends: every error body is well-formed — the XML
 * ones parsed by a strict XML parser (saxes), which rejects any character XML 1.0 forbids — and
 * no error message carries a control character.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SaxesParser } from 'saxes';
import type { TestResponse } from '../support/https-request.ts';
import type { LegacyTestServer } from './legacy-rest-server.ts';
import { startLegacyServer, TYPE } from './legacy-rest-server.ts';

const RESTCONF_XML = 'application/yang-data+xml';
const RESTCONF_JSON = 'application/yang-data+json';
/** Every control character, as general category Cc has them. */
const CONTROL = /\p{Cc}/u;

/** The text of every element named `name` in `xml`, parsed strictly (throws when not well-formed). */
const strictXmlTexts = (xml: string, name: string): string[] => {
  const parser = new SaxesParser({ xmlns: true });
  const texts: string[] = [];
  let current: string | undefined;
  parser.on('opentag', (tag) => {
    if (tag.local === name) current = '';
  });
  parser.on('text', (text) => {
    if (current !== undefined) current += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === name && current !== undefined) texts.push(current);
    current = undefined;
  });
  parser.write(xml).close();
  return texts;
};

const assertCleanXml = (response: TestResponse, what: string): void => {
  assert.ok(response.status >= 400, `${what}: ${response.status} ${response.body}`);
  const messages = strictXmlTexts(response.body, 'error-message');
  assert.ok(messages.length > 0, `${what}: no error-message in ${response.body}`);
  for (const message of messages) assert.doesNotMatch(message, CONTROL, `${what}: ${JSON.stringify(message)}`);
};

const assertCleanJson = (response: TestResponse, what: string): void => {
  assert.ok(response.status >= 400, `${what}: ${response.status} ${response.body}`);
  const parsed = JSON.parse(response.body) as Record<string, { error: { 'error-message'?: string }[] }>;
  const envelope = parsed.errors ?? parsed['ietf-restconf:errors'];
  assert.ok(envelope !== undefined, `${what}: ${response.body}`);
  for (const error of envelope.error)
    assert.doesNotMatch(error['error-message'] ?? '', CONTROL, `${what}: ${JSON.stringify(error)}`);
};

/** Control characters as a client may send them: percent-encoded in a URL, raw in a JSON string. */
const ENCODED = ['%00', '%01', '%1B%5B31m', '%C2%85', '%EF%BF%BF', '%0A'];
const RAW = ['\u0000', '\u0007', '\u001b[31m', '\u0085', '\uffff', '\n'];

describe('control characters in what errors echo', () => {
  let server: LegacyTestServer;
  before(async () => {
    server = await startLegacyServer();
  });
  after(() => server.stop());

  it('legacy REST: paths, key values and query parameters', async () => {
    for (const code of ENCODED) {
      for (const path of [
        `/running/foo${code}bar`,
        `/running/nosuch${code}:profiles`,
        `/running/profiles/profile/a${code},b`,
        `/running/profiles/profile/a,b${code}`,
        `/running/profiles?select=a${code}`,
        `/running/profiles?deep${code}=1`,
        `/running/profiles?depth=1${code}`,
      ]) {
        assertCleanXml(await server.rest('GET', path, { accept: TYPE.data.xml }), `GET ${path} (XML)`);
        assertCleanJson(await server.rest('GET', path, { accept: TYPE.data.json }), `GET ${path} (JSON)`);
      }
    }
  });

  it('legacy REST: member names and values of a JSON body', async () => {
    for (const raw of RAW) {
      for (const body of [
        { [`base:profiles${raw}`]: {} },
        { 'base:profiles': { [`nosuch${raw}`]: 1 } },
        { 'base:profiles': { profile: [{ id: 'a', type: `profile-oauth:oauth${raw}` }] } },
      ]) {
        const options = { type: TYPE.data.json, body: JSON.stringify(body) };
        const what = `PATCH ${JSON.stringify(body)}`;
        assertCleanXml(await server.rest('PATCH', '/running', { ...options, accept: TYPE.data.xml }), what);
        assertCleanJson(await server.rest('PATCH', '/running', { ...options, accept: TYPE.data.json }), what);
      }
    }
  });

  it('RESTCONF: paths, query parameters and JSON bodies', async () => {
    for (const code of ENCODED) {
      for (const path of [
        `/data/foo${code}bar`,
        `/data/ietf-netconf-acm:nacm/rule-list=a${code}`,
        `/data/ietf-netconf-acm:nacm?depth=1${code}`,
      ]) {
        assertCleanXml(await server.restconf('GET', path, { accept: RESTCONF_XML }), `GET ${path} (XML)`);
        assertCleanJson(await server.restconf('GET', path, { accept: RESTCONF_JSON }), `GET ${path} (JSON)`);
      }
    }
    for (const raw of RAW) {
      for (const body of [
        { [`ietf-netconf-acm:nacm${raw}`]: {} },
        { 'ietf-netconf-acm:nacm': { [`nosuch${raw}`]: 1 } },
        { 'ietf-netconf-acm:nacm': { 'read-default': `permit${raw}` } },
        { 'ietf-netconf-acm:nacm': { 'enable-nacm': `true${raw}` } },
      ]) {
        const options = { type: RESTCONF_JSON, body: JSON.stringify({ 'ietf-restconf:data': body }) };
        const what = `PATCH ${JSON.stringify(body)}`;
        assertCleanXml(await server.restconf('PATCH', '/data', { ...options, accept: RESTCONF_XML }), what);
        assertCleanJson(await server.restconf('PATCH', '/data', { ...options, accept: RESTCONF_JSON }), what);
      }
    }
  });
});
