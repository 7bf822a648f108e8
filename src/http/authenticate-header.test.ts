/**
 * @module http/authenticate-header.test
 * Parsing `Authorization: Basic …` per RFC 7617 (and recognising Bearer), plus a fuzz test:
 * no header value makes the parser throw anything but AuthenticationRequiredError.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AuthenticationRequiredError } from '../errors/index.ts';
import { BASIC_CHALLENGE, formatChallenge, parseAuthorization } from './authenticate-header.ts';

const b64 = (text: string | Uint8Array): string => Buffer.from(text).toString('base64');

describe('parseAuthorization', () => {
  it('no header means no credentials', () => {
    assert.equal(parseAuthorization(undefined), undefined);
  });

  const accepted: { name: string; header: string; user: string; password: string }[] = [
    {
      name: 'RFC 7617 §2 example',
      header: 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
      user: 'Aladdin',
      password: 'open sesame',
    },
    {
      name: 'scheme is case-insensitive',
      header: 'bAsIc QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
      user: 'Aladdin',
      password: 'open sesame',
    },
    {
      name: 'several spaces',
      header: 'Basic    QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
      user: 'Aladdin',
      password: 'open sesame',
    },
    { name: 'padding left off', header: 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ', user: 'Aladdin', password: 'open sesame' },
    {
      name: 'RFC 7617 §2.1 UTF-8 example',
      header: 'Basic dGVzdDoxMjPCow==',
      user: 'test',
      password: '123£',
    },
    { name: 'the password may hold colons', header: `Basic ${b64('admin:a:b::c')}`, user: 'admin', password: 'a:b::c' },
    { name: 'empty password', header: `Basic ${b64('admin:')}`, user: 'admin', password: '' },
    { name: 'empty user', header: `Basic ${b64(':pw')}`, user: '', password: 'pw' },
    { name: 'non-ASCII user', header: `Basic ${b64('jürgen:пароль🔑')}`, user: 'jürgen', password: 'пароль🔑' },
  ];
  for (const testCase of accepted) {
    it(testCase.name, () => {
      assert.deepEqual(parseAuthorization(testCase.header), {
        scheme: 'basic',
        user: testCase.user,
        password: testCase.password,
      });
    });
  }

  it('recognises a bearer token for the back-ends that take one', () => {
    assert.deepEqual(parseAuthorization('Bearer eyJhbGciOi.eyJzdWIi.c2ln'), {
      scheme: 'bearer',
      token: 'eyJhbGciOi.eyJzdWIi.c2ln',
    });
  });

  const rejected: { name: string; header: string }[] = [
    { name: 'empty', header: '' },
    { name: 'scheme only', header: 'Basic' },
    { name: 'no colon', header: `Basic ${b64('admin')}` },
    { name: 'not base64', header: 'Basic !!!!' },
    { name: 'base64 of the wrong length', header: 'Basic QWxhZ' },
    { name: 'two parameters', header: 'Basic QWxh ZGRp' },
    { name: 'not UTF-8', header: `Basic ${b64(Uint8Array.of(0x61, 0x3a, 0xff, 0xfe))}` },
    { name: 'control character in the user', header: `Basic ${b64('ad\nmin:pw')}` },
    { name: 'unknown scheme', header: 'Digest username="admin"' },
    { name: 'bearer with a space in the token', header: 'Bearer a b' },
    { name: 'not a scheme', header: '"Basic" abc' },
  ];
  for (const testCase of rejected) {
    it(`rejects: ${testCase.name}`, () => {
      assert.throws(() => parseAuthorization(testCase.header), AuthenticationRequiredError);
    });
  }

  it('never echoes the credentials in its messages', () => {
    try {
      parseAuthorization(`Basic ${b64('admin')}`);
    } catch (error) {
      assert.ok(error instanceof Error && !error.message.includes(b64('admin')));
    }
  });

  it('random headers either parse or throw AuthenticationRequiredError', () => {
    const header = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => `Basic ${b64(bytes)}`),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => `Basic ${b64(bytes).replace(/=+$/, '')}`),
      fc.string({ unit: 'binary' }).map((text) => `Basic ${text}`),
      fc.string({ unit: 'binary' }).map((text) => `Basic ${b64(text)}`),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    fc.assert(
      fc.property(header, (value) => {
        try {
          const credentials = parseAuthorization(value);
          if (credentials?.scheme === 'basic') assert.ok(!credentials.user.includes(':'));
        } catch (error) {
          assert.ok(error instanceof AuthenticationRequiredError, String(error));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('BASIC_CHALLENGE', () => {
  it('names the realm and UTF-8', () => {
    assert.equal(BASIC_CHALLENGE, 'Basic realm="idconf", charset="UTF-8"');
  });
});

describe('formatChallenge', () => {
  it('puts the realm first and quotes every parameter', () => {
    assert.equal(formatChallenge({ scheme: 'Basic', parameters: { charset: 'UTF-8' } }), BASIC_CHALLENGE);
    assert.equal(formatChallenge({ scheme: 'Bearer' }), 'Bearer realm="idconf"');
    assert.equal(
      formatChallenge({
        scheme: 'Bearer',
        parameters: { error: 'invalid_token', error_description: 'it has expired' },
      }),
      'Bearer realm="idconf", error="invalid_token", error_description="it has expired"',
    );
  });

  it('replaces the characters RFC 6750 does not allow in a parameter', () => {
    assert.equal(
      formatChallenge({ scheme: 'Bearer', parameters: { error_description: 'a "quoted" \\ wörd\nline' } }),
      'Bearer realm="idconf", error_description="a  quoted    w rd line"',
    );
  });
});
