/**
 * @module test/identity/crypto-actions.test
 * The actions of `base:facilities/crypto` end to end over HTTPS against `idconf serve`, in JSON
 * and XML, with key material made in the test by node:crypto and openssl: each stores one entry
 * and answers its id, key type, fingerprint and end of validity; the entry's details are state
 * computed from it; bad input is `invalid-value` naming the input field, a taken id is
 * `data-exists`, and a refused action changes nothing.
 * @see issue 7 item 2, docs/model.md (crypto actions)
 */
import assert from 'node:assert/strict';
import { createHash, createPublicKey } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer, TestKey } from './identity-server.ts';
import {
  BASE_NS,
  CRYPTO,
  certificateFacts,
  derBase64,
  firstError,
  JSON_TYPE,
  makeCertificate,
  makeKey,
  makePkcs12,
  opensslMissing,
  startIdentityServer,
  XML_TYPE,
} from './identity-server.ts';

type Input = Readonly<Record<string, string | number | readonly string[]>>;

/** The action's input as an XML document. */
const xmlInput = (input: Input): string =>
  `<input xmlns="${BASE_NS}">${Object.entries(input)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `<${name}>${item}</${name}>`))
    .join('')}</input>`;

const xmlLeaf = (body: string, name: string): string | undefined =>
  body.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

const spkiFingerprint = (publicPem: string): string =>
  [
    ...createHash('sha256')
      .update(createPublicKey(publicPem).export({ type: 'spki', format: 'der' }))
      .digest(),
  ]
    .map((byte) => byte.toString(16).padStart(2, '0').toUpperCase())
    .join(':');

interface Success {
  readonly name: string;
  readonly action: string;
  readonly input: (id: string) => Input;
  readonly type: string;
  /** Expected fingerprint and not-after (undefined: the output has no not-after); undefined: not checked. */
  readonly expect?: { readonly fingerprint: string; readonly notAfter?: string };
  /** Where the entry lands, relative to /data/base:facilities/crypto. */
  readonly list: string;
}

describe('crypto actions', { skip: opensslMissing }, () => {
  let server: IdentityServer;
  let rsa: TestKey;
  let ec: TestKey;
  let ed: TestKey;
  let rsaCert: string;
  let ecCert: string;
  let otherCert: string;
  let successes: Success[];
  before(async () => {
    rsa = makeKey('rsa');
    ec = makeKey('ec', { curve: 'secp384r1' });
    ed = makeKey('ed25519');
    rsaCert = makeCertificate(rsa, '/C=SE/O=Acme/CN=rsa.example.com');
    ecCert = makeCertificate(ec, '/CN=ec.example.com');
    otherCert = makeCertificate(makeKey('ec'), '/CN=other.example.com');
    const rsaFacts = certificateFacts(rsaCert);
    const ecFacts = certificateFacts(ecCert);
    const p12 = makePkcs12(rsa, rsaCert, 'p12-Pa$$word');
    const encryptedPem = rsa.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pem-Pa$$word' })
      .toString();
    successes = [
      {
        name: 'verification key from a PEM certificate',
        action: 'add-signature-verification-key',
        input: (id) => ({ id, keystore: rsaCert }),
        type: 'rsa',
        expect: rsaFacts,
        list: 'signature-verification-keys/signature-verification-key',
      },
      {
        name: 'verification key from a base64 DER certificate',
        action: 'add-signature-verification-key',
        input: (id) => ({ id, keystore: derBase64(ecCert) }),
        type: 'ec',
        expect: ecFacts,
        list: 'signature-verification-keys/signature-verification-key',
      },
      {
        name: 'verification key from a PEM public key',
        action: 'add-signature-verification-key',
        input: (id) => ({ id, keystore: ed.publicPem }),
        type: 'ed25519',
        expect: { fingerprint: spkiFingerprint(ed.publicPem) },
        list: 'signature-verification-keys/signature-verification-key',
      },
      {
        name: 'verification key from a JWK',
        action: 'add-signature-verification-key',
        input: (id) => ({ id, keystore: JSON.stringify(createPublicKey(ec.publicPem).export({ format: 'jwk' })) }),
        type: 'ec',
        expect: { fingerprint: spkiFingerprint(ec.publicPem) },
        list: 'signature-verification-keys/signature-verification-key',
      },
      {
        name: 'signing key from a PEM private key',
        action: 'add-signing-key',
        input: (id) => ({ id, keystore: ec.privatePem }),
        type: 'ec',
        expect: { fingerprint: spkiFingerprint(ec.publicPem) },
        list: 'signing-keys/signing-key',
      },
      {
        name: 'signing key from an encrypted PEM with its password',
        action: 'add-signing-key',
        input: (id) => ({ id, keystore: encryptedPem, password: 'pem-Pa$$word' }),
        type: 'rsa',
        expect: { fingerprint: spkiFingerprint(rsa.publicPem) },
        list: 'signing-keys/signing-key',
      },
      {
        name: 'signing key from PKCS#12 with its password',
        action: 'add-signing-key',
        input: (id) => ({ id, keystore: p12, password: 'p12-Pa$$word' }),
        type: 'rsa',
        expect: rsaFacts,
        list: 'signing-keys/signing-key',
      },
      {
        name: 'generated RSA 3072 signing key',
        action: 'generate-signing-key',
        input: (id) => ({ id, type: 'rsa', size: 3072 }),
        type: 'rsa',
        list: 'signing-keys/signing-key',
      },
      {
        name: 'generated EC P-521 signing key',
        action: 'generate-signing-key',
        input: (id) => ({ id, type: 'ec', curve: 'P-521' }),
        type: 'ec',
        list: 'signing-keys/signing-key',
      },
      {
        name: 'generated Ed25519 signing key',
        action: 'generate-signing-key',
        input: (id) => ({ id, type: 'ed25519' }),
        type: 'ed25519',
        list: 'signing-keys/signing-key',
      },
      {
        name: 'TLS server keystore from PKCS#12',
        action: 'add-ssl-server-keystore',
        input: (id) => ({ id, keystore: p12, password: 'p12-Pa$$word' }),
        type: 'rsa',
        expect: rsaFacts,
        list: 'ssl/server-keystore',
      },
      {
        name: 'TLS server keystore from PEM key and certificate',
        action: 'add-ssl-server-keystore',
        input: (id) => ({ id, keystore: `${otherCert}${ecCert}${ec.privatePem}` }),
        type: 'ec',
        expect: ecFacts,
        list: 'ssl/server-keystore',
      },
      {
        name: 'generated TLS server keystore',
        action: 'generate-ssl-server-keystore',
        input: (id) => ({
          id,
          subject: `CN=${id}.example.com, O=Example`,
          'dns-names': [`${id}.example.com`, 'localhost'],
        }),
        type: 'ec',
        list: 'ssl/server-keystore',
      },
      {
        name: 'server truststore certificate',
        action: 'add-ssl-server-truststore',
        input: (id) => ({ id, keystore: rsaCert }),
        type: 'rsa',
        expect: rsaFacts,
        list: 'ssl/server-truststore/server-certificate',
      },
      {
        name: 'client truststore certificate (base64 DER)',
        action: 'add-ssl-client-truststore',
        input: (id) => ({ id, keystore: derBase64(ecCert) }),
        type: 'ec',
        expect: ecFacts,
        list: 'ssl/client-truststore/client-certificate',
      },
    ];
    server = await startIdentityServer();
  });
  after(async () => {
    await server?.stop();
  });

  describe('store one entry and answer id, type, fingerprint, not-after', () => {
    it('in JSON, on the action’s data path (200 with base:output)', async () => {
      for (const [index, testCase] of successes.entries()) {
        const id = `json-${index}`;
        const response = await server.request('POST', `${CRYPTO}/${testCase.action}`, {
          body: { input: testCase.input(id) },
        });
        assert.equal(response.status, 200, `${testCase.name}: ${response.body}`);
        const output = (JSON.parse(response.body) as { 'base:output': Record<string, string> })['base:output'];
        assert.equal(output.id, id, testCase.name);
        assert.equal(output.type, testCase.type, testCase.name);
        assert.match(output.fingerprint as string, /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/, testCase.name);
        if (testCase.expect !== undefined) {
          assert.equal(output.fingerprint, testCase.expect.fingerprint, testCase.name);
          assert.equal(output['not-after'], testCase.expect.notAfter, testCase.name);
        }
        const details = await server.request('GET', `${CRYPTO}/${testCase.list}=${id}/details`);
        assert.equal(details.status, 200, `${testCase.name}: ${details.body}`);
        const facts = (JSON.parse(details.body) as { 'base:details': Record<string, unknown> })['base:details'];
        assert.equal(facts['key-type'], testCase.type, testCase.name);
        assert.equal(facts['fingerprint-sha256'], output.fingerprint, testCase.name);
      }
    });

    it('in XML, through the /operations alias', async () => {
      for (const [index, testCase] of successes.entries()) {
        const id = `xml-${index}`;
        const response = await server.request('POST', `/operations/base:facilities/crypto/${testCase.action}`, {
          body: xmlInput(testCase.input(id)),
          type: XML_TYPE,
        });
        assert.equal(response.status, 200, `${testCase.name}: ${response.body}`);
        assert.match(response.body, new RegExp(`^<output xmlns="${BASE_NS}">`), testCase.name);
        assert.equal(xmlLeaf(response.body, 'id'), id, testCase.name);
        assert.equal(xmlLeaf(response.body, 'type'), testCase.type, testCase.name);
        if (testCase.expect !== undefined) {
          assert.equal(xmlLeaf(response.body, 'fingerprint'), testCase.expect.fingerprint, testCase.name);
          assert.equal(xmlLeaf(response.body, 'not-after'), testCase.expect.notAfter, testCase.name);
        }
      }
    });
  });

  describe('key details are state computed from the stored material', () => {
    it('size and curve of generated keys, subject and validity of certificates', async () => {
      const response = await server.request('GET', `${CRYPTO}/signing-keys?content=nonconfig`);
      const entries = (
        JSON.parse(response.body) as {
          'base:signing-keys': { 'signing-key': { id: string; details: Record<string, unknown> }[] };
        }
      )['base:signing-keys']['signing-key'];
      const byId = new Map(entries.map((entry) => [entry.id, entry.details]));
      const index = (action: string, type: string): number =>
        successes.findIndex((testCase) => testCase.action === action && testCase.type === type);
      assert.equal(byId.get(`json-${index('generate-signing-key', 'rsa')}`)?.size, 3072);
      assert.equal(byId.get(`json-${index('generate-signing-key', 'ec')}`)?.curve, 'P-521');
      const tls = await server.request(
        'GET',
        `${CRYPTO}/ssl/server-keystore=json-${index('add-ssl-server-keystore', 'rsa')}/details`,
      );
      assert.deepEqual(JSON.parse(tls.body), {
        'base:details': {
          'key-type': 'rsa',
          size: 2048,
          subject: 'C=SE, O=Acme, CN=rsa.example.com',
          issuer: 'C=SE, O=Acme, CN=rsa.example.com',
          'not-before': certificateFacts(rsaCert).notBefore,
          'not-after': certificateFacts(rsaCert).notAfter,
          'fingerprint-sha256': certificateFacts(rsaCert).fingerprint,
        },
      });
    });

    it('are not configuration: content=config leaves them out, and private keys read as encrypted', async () => {
      const response = await server.request('GET', `${CRYPTO}/signing-keys/signing-key=json-4?content=config`);
      const entry = (JSON.parse(response.body) as { 'base:signing-key': Record<string, unknown>[] })[
        'base:signing-key'
      ][0];
      assert.equal(entry?.details, undefined);
      assert.match(String(entry?.keystore), /^data:application\/x-pem-file;aes256gcm;kid=[0-9a-f]{8},/);
      const certificate = await server.request(
        'GET',
        `${CRYPTO}/ssl/server-truststore/server-certificate=json-13?content=config`,
      );
      assert.match(certificate.body, /-----BEGIN CERTIFICATE-----/);
    });
  });

  describe('refuse bad input with invalid-value naming the field, and change nothing', () => {
    const failures = (): {
      readonly name: string;
      readonly action: string;
      readonly input: Input;
      readonly field: string;
      readonly message: RegExp;
    }[] => [
      {
        name: 'malformed PEM certificate',
        action: 'add-signature-verification-key',
        input: { id: 'bad', keystore: rsaCert.replace(/^(-----BEGIN CERTIFICATE-----\n.{10})./m, '$1#') },
        field: 'keystore',
        message: /malformed certificate/,
      },
      {
        name: 'garbage base64',
        action: 'add-ssl-client-truststore',
        input: { id: 'bad', keystore: Buffer.from('not a certificate at all').toString('base64') },
        field: 'keystore',
        message: /keystore/,
      },
      {
        name: 'a private key where a verification key belongs',
        action: 'add-signature-verification-key',
        input: { id: 'bad', keystore: ec.privatePem },
        field: 'keystore',
        message: /private key/,
      },
      {
        name: 'a certificate where a signing key belongs',
        action: 'add-signing-key',
        input: { id: 'bad', keystore: rsaCert },
        field: 'keystore',
        message: /no private key/,
      },
      {
        name: 'a bare public key in a truststore',
        action: 'add-ssl-server-truststore',
        input: { id: 'bad', keystore: rsa.publicPem },
        field: 'keystore',
        message: /certificate/,
      },
      {
        name: 'a TLS key without a certificate',
        action: 'add-ssl-server-keystore',
        input: { id: 'bad', keystore: ec.privatePem },
        field: 'keystore',
        message: /no certificate/,
      },
      {
        name: 'a certificate that does not match the key',
        action: 'add-ssl-server-keystore',
        input: { id: 'bad', keystore: `${otherCert}${rsa.privatePem}` },
        field: 'keystore',
        message: /matches the private key/,
      },
      {
        name: 'a wrong PKCS#12 password',
        action: 'add-ssl-server-keystore',
        input: { id: 'bad', keystore: makePkcs12(rsa, rsaCert, 'right-one'), password: 'wrong-one' },
        field: 'password',
        message: /password/,
      },
      {
        name: 'a PKCS#12 keystore without its password',
        action: 'add-signing-key',
        input: { id: 'bad', keystore: makePkcs12(rsa, rsaCert, 'right-one') },
        field: 'password',
        message: /needs a password/,
      },
      {
        name: 'a wrong password for an encrypted PEM key',
        action: 'add-signing-key',
        input: {
          id: 'bad',
          keystore: ec.privateKey
            .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-128-cbc', passphrase: 'right-one' })
            .toString(),
          password: 'wrong-one',
        },
        field: 'password',
        message: /password/,
      },
      {
        name: 'a PKCS#12 keystore protected with RC2',
        action: 'add-ssl-server-keystore',
        input: { id: 'bad', keystore: makePkcs12(rsa, rsaCert, 'pw', ['-legacy']), password: 'pw' },
        field: 'keystore',
        message: /RC2/,
      },
      {
        name: 'an RSA key of 1024 bits',
        action: 'add-signing-key',
        input: { id: 'bad', keystore: makeKey('rsa', { bits: 1024 }).privatePem },
        field: 'keystore',
        message: /2048/,
      },
      {
        name: 'a size for an EC key',
        action: 'generate-signing-key',
        input: { id: 'bad', type: 'ec', size: 2048 },
        field: 'size',
        message: /RSA/,
      },
      {
        name: 'a curve for an RSA key',
        action: 'generate-signing-key',
        input: { id: 'bad', type: 'rsa', curve: 'P-256' },
        field: 'curve',
        message: /EC/,
      },
      {
        name: 'a subject that is no distinguished name',
        action: 'generate-ssl-server-keystore',
        input: { id: 'bad', subject: 'just words' },
        field: 'subject',
        message: /distinguished name/,
      },
    ];

    it('in JSON: 400 invalid-value, error-path on the input field', async () => {
      const before = await server.request('GET', '/data/base:facilities?content=config');
      for (const failure of failures()) {
        const response = await server.request('POST', `${CRYPTO}/${failure.action}`, {
          body: { input: failure.input },
        });
        assert.equal(response.status, 400, `${failure.name}: ${response.body}`);
        const error = firstError(response);
        assert.equal(error['error-tag'], 'invalid-value', failure.name);
        assert.equal(
          error['error-path'],
          `/base:facilities/crypto/${failure.action}/input/${failure.field}`,
          failure.name,
        );
        assert.match(String(error['error-message']), failure.message, failure.name);
      }
      const afterwards = await server.request('GET', '/data/base:facilities?content=config');
      assert.equal(afterwards.body, before.body);
    });

    it('in XML: the same errors as ietf-restconf:errors XML', async () => {
      const response = await server.request('POST', `${CRYPTO}/add-signing-key`, {
        body: xmlInput({ id: 'bad', keystore: rsaCert }),
        type: XML_TYPE,
      });
      assert.equal(response.status, 400);
      assert.match(response.body, /<error-tag>invalid-value<\/error-tag>/);
      assert.match(
        response.body,
        /<error-path[^>]*>\/base:facilities\/crypto\/add-signing-key\/input\/keystore<\/error-path>/,
      );
    });

    it('a taken id: 409 data-exists, the entry unchanged', async () => {
      const before = await server.request('GET', `${CRYPTO}/signing-keys/signing-key=json-4`);
      const response = await server.request('POST', `${CRYPTO}/generate-signing-key`, {
        body: { input: { id: 'json-4', type: 'ed25519' } },
      });
      assert.equal(response.status, 409, response.body);
      assert.equal(firstError(response)['error-tag'], 'data-exists');
      assert.equal((await server.request('GET', `${CRYPTO}/signing-keys/signing-key=json-4`)).body, before.body);
      const xml = await server.request('POST', `${CRYPTO}/add-ssl-client-truststore`, {
        body: xmlInput({ id: 'xml-14', keystore: rsaCert }),
        type: XML_TYPE,
      });
      assert.equal(xml.status, 409);
      assert.match(xml.body, /<error-tag>data-exists<\/error-tag>/);
    });

    it('a missing mandatory input: 400 (the schema check before the action runs)', async () => {
      const response = await server.request('POST', `${CRYPTO}/add-signing-key`, {
        body: { input: { id: 'no-keystore' } },
        type: JSON_TYPE,
      });
      assert.equal(response.status, 400);
      assert.match(String(firstError(response)['error-path']), /\/input\/keystore$/);
    });
  });

  describe('direct writes of keystore leaves are checked and stored like the actions store them', () => {
    it('a clear PEM private key PUT into a signing key is stored encrypted; a certificate there is refused', async () => {
      const put = await server.request('PUT', `${CRYPTO}/signing-keys/signing-key=direct`, {
        body: { 'base:signing-key': [{ id: 'direct', keystore: ed.privatePem }] },
      });
      assert.equal(put.status, 201, put.body);
      const read = await server.request('GET', `${CRYPTO}/signing-keys/signing-key=direct`);
      const entry = (JSON.parse(read.body) as { 'base:signing-key': Record<string, unknown>[] })['base:signing-key'][0];
      assert.match(String(entry?.keystore), /^data:application\/x-pem-file;aes256gcm;/);
      assert.equal((entry?.details as Record<string, unknown> | undefined)?.['key-type'], 'ed25519');
      const refused = await server.request('PUT', `${CRYPTO}/signing-keys/signing-key=direct2`, {
        body: { 'base:signing-key': [{ id: 'direct2', keystore: rsaCert }] },
      });
      assert.equal(refused.status, 400);
      assert.equal(
        firstError(refused)['error-path'],
        "/base:facilities/crypto/signing-keys/signing-key[id='direct2']/keystore",
      );
    });
  });
});
