/**
 * @module yang/types/xsd-regex.test
 * Table-driven tests of the XSD → JavaScript regex translation, with patterns from real modules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileXsdRegex, matchesXsdRegex, translateXsdRegex, XsdRegexError } from './xsd-regex.ts';

const IPV4 =
  '(([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\\.){3}' +
  '([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])' +
  '(%[\\p{N}\\p{L}]+)?';
const IPV6_1 =
  '((:|[0-9a-fA-F]{0,4}):)([0-9a-fA-F]{0,4}:){0,5}' +
  '((([0-9a-fA-F]{0,4}:)?(:|[0-9a-fA-F]{0,4}))|' +
  '(((25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\\.){3}' +
  '(25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])))' +
  '(%[\\p{N}\\p{L}]+)?';
const IPV6_2 = '(([^:]+:){6}(([^:]+:[^:]+)|(.*\\..*)))|' + '((([^:]+:)*[^:]+)?::(([^:]+:)*[^:]+)?)' + '(%.+)?';
const DOMAIN_NAME =
  '((([a-zA-Z0-9_]([a-zA-Z0-9\\-_]){0,61})?[a-zA-Z0-9]\\.)*' +
  '([a-zA-Z0-9_]([a-zA-Z0-9\\-_]){0,61})?[a-zA-Z0-9]\\.?)' +
  '|\\.';
const DATE_AND_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?' + '(Z|[\\+\\-]\\d{2}:\\d{2})';
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-' + '[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const OBJECT_IDENTIFIER = '(([0-1](\\.[1-3]?[0-9]))|(2\\.(0|([1-9]\\d*))))' + '(\\.(0|([1-9]\\d*)))*';
const YANG_IDENTIFIER = '[a-zA-Z_][a-zA-Z0-9\\-_.]*';
const NOT_XML = '.|..|[^xX].*|.[^mM].*|..[^lL].*';
const CRYPT_HASH =
  '$0$.*' +
  '|$1$[a-zA-Z0-9./]{1,8}$[a-zA-Z0-9./]{22}' +
  '|$5$(rounds=\\d+$)?[a-zA-Z0-9./]{1,16}$[a-zA-Z0-9./]{43}' +
  '|$6$(rounds=\\d+$)?[a-zA-Z0-9./]{1,16}$[a-zA-Z0-9./]{86}';

interface MatchCase {
  readonly name: string;
  readonly pattern: string;
  readonly matches: readonly string[];
  readonly rejects: readonly string[];
}

const MATCH_CASES: readonly MatchCase[] = [
  {
    name: 'ietf-inet-types ipv4-address',
    pattern: IPV4,
    matches: ['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.0.1%eth0', '10.0.0.1%Ethernet1'],
    rejects: ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4%', '1.2.3.4%eth-0', ' 1.2.3.4', '1.2.3.4\n'],
  },
  {
    name: 'ietf-inet-types ipv6-address (first pattern)',
    pattern: IPV6_1,
    matches: ['::', '::1', '2001:db8::1', 'fe80::1%eth0', '::ffff:192.0.2.1', '1:2:3:4:5:6:7:8'],
    rejects: ['2001:db8::g', '1.2.3.4', 'abcde::1', ''],
  },
  {
    name: 'ietf-inet-types ipv6-address (second pattern)',
    pattern: IPV6_2,
    matches: ['::', '2001:db8::1', '1:2:3:4:5:6:7:8', '::ffff:192.0.2.1'],
    rejects: ['1:2:3', '2001:db8:1'],
  },
  {
    name: 'ietf-inet-types domain-name',
    pattern: DOMAIN_NAME,
    matches: ['example.com', 'example.com.', '.', 'a', 'xn--bcher-kva.example', '_srv.example.org'],
    rejects: ['', '-example.com', 'example..com', 'exa mple.com', `${'a'.repeat(64)}.com`],
  },
  {
    name: 'ietf-yang-types date-and-time',
    pattern: DATE_AND_TIME,
    matches: ['2024-01-31T12:00:00Z', '2024-01-31T12:00:00.123+01:00', '1985-04-12T23:20:50.52-08:00'],
    rejects: ['2024-01-31 12:00:00Z', '2024-01-31T12:00:00', '2024-1-31T12:00:00Z', '2024-01-31T12:00:00.Z'],
  },
  {
    name: 'ietf-yang-types uuid',
    pattern: UUID,
    matches: ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6'],
    rejects: ['f81d4fae7dec11d0a76500a0c91e6bf6', 'g81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
  },
  {
    name: 'ietf-yang-types object-identifier',
    pattern: OBJECT_IDENTIFIER,
    matches: ['1.3.6.1.2.1', '2.999', '0.39'],
    rejects: ['3.1', '1.40', '1.3.06', '1'],
  },
  {
    name: 'ietf-yang-types yang-identifier (two patterns)',
    pattern: YANG_IDENTIFIER,
    matches: ['a', 'foo-bar.baz_1', '_x'],
    rejects: ['1abc', '-a', 'a b', ''],
  },
  {
    name: 'yang-identifier second pattern: not starting with xml',
    pattern: NOT_XML,
    matches: ['x', 'xm', 'xylophone', 'abc', 'xmm'],
    rejects: ['xml', 'XMLfoo', 'xMl-thing'],
  },
  {
    name: 'iana-crypt-hash crypt-hash: "$" is a literal character in XSD',
    pattern: CRYPT_HASH,
    matches: ['$0$clear text', `$1$abcdefgh$${'a'.repeat(22)}`, `$5$rounds=5000$salt$${'b'.repeat(43)}`],
    rejects: ['$2$x', '0$x', `$1$abc$${'a'.repeat(21)}`],
  },
  { name: 'nacm any: escaped star', pattern: '\\*', matches: ['*'], rejects: ['', 'a', '**'] },
  { name: 'nacm not any', pattern: '[^\\*].*', matches: ['a', 'a*'], rejects: ['*', '*a', ''] },
  { name: '^ and $ are literal', pattern: '^a$', matches: ['^a$'], rejects: ['a'] },
  { name: 'implicit anchoring', pattern: 'abc', matches: ['abc'], rejects: ['xabc', 'abcx', 'ab'] },
  { name: 'alternation is anchored as a whole', pattern: 'a|b', matches: ['a', 'b'], rejects: ['ab', 'xa'] },
  { name: 'JS specials literal in XSD', pattern: 'a/b,c=d', matches: ['a/b,c=d'], rejects: ['a'] },
  {
    name: 'dot excludes newline and CR',
    pattern: 'a.c',
    matches: ['abc', 'a c', 'a\tc', 'a😀c'],
    rejects: ['a\nc', 'a\rc'],
  },
  { name: 'dot counts code points', pattern: '.{2}', matches: ['😀😀', 'ab'], rejects: ['😀'] },
  { name: 'class subtraction', pattern: '[a-z-[aeiou]]+', matches: ['bcd', 'xyz'], rejects: ['bad', 'A'] },
  { name: 'nested class subtraction', pattern: '[a-z-[d-f-[e]]]', matches: ['a', 'e', 'z'], rejects: ['d', 'f'] },
  { name: 'negated group subtraction', pattern: '[^a-c-[0-9]]', matches: ['d', '!'], rejects: ['a', '5'] },
  { name: 'subtraction of a category', pattern: '[\\p{L}-[\\p{Lu}]]+', matches: ['abcé'], rejects: ['aB', 'É'] },
  { name: 'leading and trailing dash', pattern: '[-a][b-]', matches: ['-b', 'a-', '--'], rejects: ['ab-'] },
  { name: 'escaped dash and brackets', pattern: '[\\-\\[\\]\\^]+', matches: ['-[]^'], rejects: ['a'] },
  { name: 'caret not first is literal', pattern: '[a^]', matches: ['^', 'a'], rejects: ['b'] },
  { name: 'JS-reserved punctuation in class', pattern: '[&&!!|/()]+', matches: ['&&!!|/()'], rejects: ['a'] },
  { name: '\\p{Lu}', pattern: '\\p{Lu}+', matches: ['ABC', 'ÉÖ'], rejects: ['abc', 'A1'] },
  { name: '\\P{L}', pattern: '\\P{L}+', matches: ['123 !'], rejects: ['a1'] },
  { name: '\\p{IsBasicLatin}', pattern: '\\p{IsBasicLatin}+', matches: ['abc~\u0000'], rejects: ['é'] },
  { name: '\\P{IsBasicLatin}', pattern: '\\P{IsBasicLatin}+', matches: ['éü😀'], rejects: ['é~'] },
  { name: '\\p{IsGreek}', pattern: '\\p{IsGreek}+', matches: ['αβγ'], rejects: ['abc'] },
  { name: '\\p{IsLatin-1Supplement}', pattern: '[\\p{IsLatin-1Supplement}]', matches: ['é', '\u00a0'], rejects: ['e'] },
  {
    name: '\\p{IsPrivateUse} spans three ranges',
    pattern: '\\p{IsPrivateUse}',
    matches: ['\ue000', '\u{f0000}', '\u{10fffd}'],
    rejects: ['a'],
  },
  { name: '\\p{IsSpecials}', pattern: '\\p{IsSpecials}', matches: ['\ufeff', '\ufffd'], rejects: ['\ufffe'] },
  { name: '\\d is Nd, not only ASCII', pattern: '\\d+', matches: ['0123', '٣'], rejects: ['a', '²'] },
  { name: '\\D', pattern: '\\D+', matches: ['ab'], rejects: ['a1'] },
  { name: '\\w is XSD, not JS', pattern: '\\w+', matches: ['abc', 'é', '+', '$', '1'], rejects: ['_', '-', ' ', '.'] },
  { name: '\\W', pattern: '\\W+', matches: ['_- .'], rejects: ['a'] },
  {
    name: '\\s is XML whitespace',
    pattern: 'a\\sb',
    matches: ['a b', 'a\tb', 'a\nb', 'a\rb'],
    rejects: ['a\u00a0b', 'ab'],
  },
  { name: '\\S', pattern: '\\S+', matches: ['a\u00a0b'], rejects: ['a b'] },
  {
    name: '\\i\\c* (NCName-like)',
    pattern: '[\\i-[:]][\\c-[:]]*',
    matches: ['foo', '_a.b-c', 'éx'],
    rejects: ['1a', 'a:b', '-a'],
  },
  { name: '\\I and \\C', pattern: '\\I\\C', matches: ['1 '], rejects: ['a1', '1a'] },
  {
    name: 'single char escapes',
    pattern: '\\n\\r\\t\\\\\\|\\.\\?\\*\\+\\(\\)\\{\\}',
    matches: ['\n\r\t\\|.?*+(){}'],
    rejects: [''],
  },
  { name: '{n}', pattern: 'a{3}', matches: ['aaa'], rejects: ['aa', 'aaaa'] },
  { name: '{n,}', pattern: 'a{2,}', matches: ['aa', 'aaaaa'], rejects: ['a'] },
  { name: '{n,m}', pattern: '(ab){1,2}', matches: ['ab', 'abab'], rejects: ['', 'ababab'] },
  { name: '{0,0}', pattern: 'xa{0,0}', matches: ['x'], rejects: ['xa'] },
  { name: 'empty pattern matches only the empty string', pattern: '', matches: [''], rejects: ['a'] },
  { name: 'empty branch', pattern: 'a|', matches: ['a', ''], rejects: ['b'] },
  { name: 'astral characters in ranges', pattern: '[😀-😂]', matches: ['😁'], rejects: ['😃', 'a'] },
];

describe('XSD regular expressions: matching', () => {
  for (const testCase of MATCH_CASES) {
    it(testCase.name, () => {
      for (const text of testCase.matches) {
        assert.equal(matchesXsdRegex(testCase.pattern, text), true, `${JSON.stringify(text)} should match`);
      }
      for (const text of testCase.rejects) {
        assert.equal(matchesXsdRegex(testCase.pattern, text), false, `${JSON.stringify(text)} should not match`);
      }
    });
  }
});

interface ErrorCase {
  readonly name: string;
  readonly pattern: string;
  readonly position: number;
  readonly reason: RegExp;
}

const ERROR_CASES: readonly ErrorCase[] = [
  { name: 'back-reference', pattern: '(a)\\1', position: 3, reason: /back-references/ },
  { name: 'lookahead', pattern: 'a(?=b)', position: 2, reason: /"\(\?"/ },
  { name: 'non-capturing group', pattern: '(?:a)', position: 1, reason: /"\(\?"/ },
  { name: 'lazy quantifier', pattern: 'a+?', position: 2, reason: /lazy/ },
  { name: 'double quantifier', pattern: 'a*+', position: 2, reason: /cannot follow/ },
  { name: 'quantifier without atom', pattern: '*a', position: 0, reason: /nothing to repeat/ },
  { name: 'unbalanced (', pattern: '(ab', position: 0, reason: /missing "\)"/ },
  { name: 'unbalanced )', pattern: 'ab)', position: 2, reason: /unbalanced/ },
  { name: 'unclosed class', pattern: '[abc', position: 0, reason: /missing "\]"/ },
  { name: 'empty class', pattern: '[]', position: 0, reason: /empty/ },
  { name: 'bare ]', pattern: 'a]', position: 1, reason: /escaped/ },
  { name: 'bare {', pattern: 'a{', position: 2, reason: /number/ },
  { name: 'bare } ', pattern: 'a}', position: 1, reason: /escaped/ },
  { name: 'quantifier min > max', pattern: 'a{3,2}', position: 1, reason: /min > max/ },
  { name: 'unknown escape', pattern: 'a\\q', position: 1, reason: /unknown escape/ },
  { name: '\\$ is not an XSD escape', pattern: '\\$', position: 0, reason: /unknown escape/ },
  { name: 'unknown category', pattern: '\\p{Xx}', position: 0, reason: /unknown category/ },
  { name: 'unknown block', pattern: '\\p{IsKlingon}', position: 0, reason: /unknown category or block/ },
  { name: 'range out of order', pattern: '[z-a]', position: 1, reason: /out of order/ },
  { name: 'dash in the middle', pattern: '[a-c-e]', position: 4, reason: /"-" must be escaped/ },
  { name: 'unescaped [ in class', pattern: '[a[b]]', position: 2, reason: /"\[" must be escaped/ },
  { name: 'subtraction not last', pattern: '[a-z-[b]c]', position: 8, reason: /must end/ },
  { name: 'trailing backslash', pattern: 'a\\', position: 1, reason: /end of the pattern/ },
  { name: 'range ending with a class escape', pattern: '[a-\\d]', position: 3, reason: /multi-character/ },
];

describe('XSD regular expressions: errors with position', () => {
  for (const testCase of ERROR_CASES) {
    it(testCase.name, () => {
      assert.throws(
        () => translateXsdRegex(testCase.pattern),
        (error: unknown) => {
          assert.ok(error instanceof XsdRegexError);
          assert.equal(error.position, testCase.position, error.message);
          assert.match(error.message, testCase.reason);
          return true;
        },
      );
    });
  }
});

describe('XSD regular expressions: compilation', () => {
  it('uses the v flag and caches by source', () => {
    const first = compileXsdRegex('[a-z]+');
    assert.equal(first.flags, 'v');
    assert.equal(compileXsdRegex('[a-z]+'), first);
  });
  it('anchors the whole expression', () => {
    assert.equal(translateXsdRegex('a|b'), '^(?:a|b)$');
  });
});
