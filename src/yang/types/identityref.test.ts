/**
 * @module yang/types/identityref.test
 * identityref: prefix and module resolution, transitive derivation from every base, output forms.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Identity, IdentityrefTypeSpec } from '../type-spec.ts';
import { isDerivedFrom } from './identityref.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import { identityValue } from './value.ts';
import { checkValue, parseJson, parseLexical, toCanonical, toJson, toXmlText } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';

const identity = (module: string, name: string, ...bases: Identity[]): Identity => ({ module, name, bases });
const CRYPTO = identity('crypto', 'crypto-alg');
const SYMMETRIC = identity('crypto', 'symmetric', CRYPTO);
const AES = identity('vendor', 'aes', SYMMETRIC);
const MARKED = identity('crypto', 'marked');
const AES_MARKED = identity('vendor', 'aes-marked', SYMMETRIC, MARKED);
const OTHER = identity('crypto', 'other');
const IDENTITIES = [CRYPTO, SYMMETRIC, AES, MARKED, AES_MARKED, OTHER];

const CTX: ValueContext = {
  resolvePrefix: (prefix) => ({ c: 'crypto', v: 'vendor', '': 'crypto' })[prefix],
  prefixOf: (module) => ({ crypto: 'c', vendor: 'v' })[module],
  findIdentity: (module, name) => IDENTITIES.find((item) => item.module === module && item.name === name),
  defaultModule: 'crypto',
};
const ref = (...bases: Identity[]): IdentityrefTypeSpec => ({
  base: 'identityref',
  name: 'identityref',
  typedefs: [],
  bases,
});

const LEXICAL_CASES: readonly {
  readonly type: IdentityrefTypeSpec;
  readonly text: string;
  readonly expected: string | RegExp;
}[] = [
  { type: ref(CRYPTO), text: 'v:aes', expected: 'vendor:aes' },
  { type: ref(CRYPTO), text: 'c:symmetric', expected: 'crypto:symmetric' },
  { type: ref(CRYPTO), text: 'symmetric', expected: 'crypto:symmetric' },
  { type: ref(CRYPTO), text: 'c:crypto-alg', expected: /not derived from crypto:crypto-alg/ },
  { type: ref(CRYPTO), text: 'c:other', expected: /not derived from crypto:crypto-alg/ },
  { type: ref(CRYPTO), text: 'v:nope', expected: /identity "vendor:nope" does not exist/ },
  { type: ref(CRYPTO), text: 'x:aes', expected: /prefix of "x:aes" is not bound/ },
  { type: ref(CRYPTO), text: 'v:', expected: /not an identity name/ },
  { type: ref(SYMMETRIC, MARKED), text: 'v:aes-marked', expected: 'vendor:aes-marked' },
  { type: ref(SYMMETRIC, MARKED), text: 'v:aes', expected: /not derived from crypto:marked/ },
];

describe('identityref (RFC 7950 §9.10)', () => {
  for (const testCase of LEXICAL_CASES) {
    it(`XML ${JSON.stringify(testCase.text)}`, () => {
      const result = parseLexical(testCase.type, testCase.text, CTX);
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.expected);
      } else {
        assert.ok(!isTypeCheckFailure(result));
        assert.equal(toCanonical(testCase.type, result), testCase.expected);
      }
    });
  }
  it('interprets an unprefixed module default in the default module', () => {
    const ctx: ValueContext = { ...CTX, resolvePrefix: () => undefined, defaultModule: 'crypto' };
    assert.deepEqual(
      parseLexical(ref(CRYPTO), 'symmetric', ctx, { origin: 'module' }),
      identityValue('crypto', 'symmetric'),
    );
  });
  it('JSON uses module names, optional in the leaf module (RFC 7951 §6.8)', () => {
    assert.deepEqual(parseJson(ref(CRYPTO), 'vendor:aes', CTX), identityValue('vendor', 'aes'));
    assert.deepEqual(parseJson(ref(CRYPTO), 'symmetric', CTX), identityValue('crypto', 'symmetric'));
    assert.ok(isTypeCheckFailure(parseJson(ref(CRYPTO), 'v:aes', CTX)));
    assert.equal(toJson(ref(CRYPTO), identityValue('vendor', 'aes'), CTX), 'vendor:aes');
    assert.equal(toJson(ref(CRYPTO), identityValue('crypto', 'symmetric'), CTX), 'symmetric');
  });
  it('XML output uses the context prefixes', () => {
    assert.equal(toXmlText(ref(CRYPTO), identityValue('vendor', 'aes'), CTX), 'v:aes');
    assert.throws(() => toXmlText(ref(CRYPTO), identityValue('unknown', 'x'), { ...CTX, prefixOf: () => undefined }));
  });
  it('checks typed values with the context', () => {
    assert.equal(checkValue(ref(CRYPTO), identityValue('vendor', 'aes'), CTX), undefined);
    assert.ok(isTypeCheckFailure(checkValue(ref(CRYPTO), identityValue('crypto', 'other'), CTX)));
  });
  it('derivation is transitive and not reflexive', () => {
    assert.equal(isDerivedFrom(AES, CRYPTO), true);
    assert.equal(isDerivedFrom(AES, SYMMETRIC), true);
    assert.equal(isDerivedFrom(CRYPTO, CRYPTO), false);
    assert.equal(isDerivedFrom(SYMMETRIC, AES), false);
    // equal by module and name even when the objects differ
    assert.equal(isDerivedFrom(AES, identity('crypto', 'crypto-alg')), true);
  });
});
