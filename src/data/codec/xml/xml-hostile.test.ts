/**
 * @module data/codec/xml/xml-hostile.test
 * Hostile XML: a DOCTYPE (and so any entity declaration, internal or external — XXE, billion
 * laughs) is rejected before anything is expanded or fetched; undeclared entities and absurd
 * nesting are malformed; random mutations of valid XML give a ManagementError, never another
 * exception (fast-check, seeded).
 * @see DESIGN §3 ("XML with DOCTYPE/entities (rejected)")
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isManagementError, MalformedMessageError } from '../../../errors/index.ts';
import type { ContainerNode } from '../../../yang/index.ts';
import { getChild, getLeaf } from '../../instance/instance-node.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeXml, decodeXmlDocument } from './xml-decode.ts';
import { MAX_XML_DEPTH } from './xml-parse.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE], ['example-jukebox']);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;

const rejects = (xml: string, message?: RegExp): void => {
  assert.throws(
    () => decodeXml(schema, xml, { schema }),
    (error: unknown) => {
      assert.ok(error instanceof MalformedMessageError, String(error));
      assert.equal(error.tag, 'malformed-message');
      if (message !== undefined) assert.match(error.message, message);
      return true;
    },
  );
};

describe('XML with document type declarations or entities', () => {
  const body = '<top xmlns="urn:t"><s>&x;</s></top>';
  it('rejects a DOCTYPE after an XML declaration', () =>
    rejects(`<?xml version="1.0"?>\n<!DOCTYPE top>\n<top xmlns="urn:t"/>`, /DOCTYPE\) is not allowed at line 2/));
  it('rejects a DOCTYPE without XML declaration', () => rejects(`<!DOCTYPE top><top xmlns="urn:t"/>`));
  it('rejects an internal entity declaration', () =>
    rejects(`<?xml version="1.0"?><!DOCTYPE top [<!ENTITY x "expanded">]>${body}`, /DOCTYPE/));
  it('rejects an external entity (XXE) without reading it', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE top [<!ENTITY x SYSTEM "file:///etc/passwd">]>${body}`;
    assert.throws(
      () => decodeXml(schema, xxe, { schema }),
      (error: unknown) => error instanceof MalformedMessageError && !error.message.includes('root:'),
    );
  });
  it('rejects an external DTD and parameter entities', () => {
    rejects(`<?xml version="1.0"?><!DOCTYPE top SYSTEM "http://127.0.0.1:9/evil.dtd"><top xmlns="urn:t"/>`);
    rejects(`<?xml version="1.0"?><!DOCTYPE top [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p">%p;]><top xmlns="urn:t"/>`);
  });
  it('rejects the billion laughs at once', () => {
    const lol = Array.from({ length: 9 }, (_, level) =>
      level === 0 ? '<!ENTITY l0 "lol">' : `<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`,
    ).join('');
    rejects(`<?xml version="1.0"?><!DOCTYPE top [${lol}]><top xmlns="urn:t"><s>&l8;</s></top>`);
  });
  it('rejects a reference to an undeclared entity', () =>
    rejects('<top xmlns="urn:t"><s>&nbsp;</s></top>', /undefined entity at line 1/));
  it('accepts the predefined entities and character references', () => {
    const tree = decodeXmlDocument(
      schema,
      '<top xmlns="urn:t"><dflt>&lt;&#x41;&#66;&apos;&quot;&gt;&amp;</dflt></top>',
      {
        schema,
      },
    );
    const dflt = top.dataChildIndex.get('t:dflt');
    assert.equal(getLeaf(getChild(tree, top) as never, dflt as never), `<AB'">&`);
  });
  it(`rejects elements nested deeper than ${MAX_XML_DEPTH} levels, without exhausting the stack`, () => {
    const depth = 100_000;
    rejects(`<top xmlns="urn:t"><any>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</any></top>`, /nested deeper/);
    const fine = `<top xmlns="urn:t"><any>${'<a>'.repeat(500)}x${'</a>'.repeat(500)}</any></top>`;
    assert.ok(decodeXml(schema, fine, { schema }));
  });
});

const VALID = `<?xml version="1.0" encoding="UTF-8"?>
<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">
  <!-- the test module -->
  <top xmlns="urn:t" xmlns:x="urn:t">
    <s>ab</s><i64>-5</i64><u8>7</u8><d>1.25</d><e/><id>x:one</id><b>a b</b><flag>true</flag>
    <ll>p</ll><ll>q</ll><np><z>z</z></np><pres/>
    <l><k2>b</k2><k1>1</k1><v><![CDATA[<v>]]></v></l><l><k1>2</k1><k2>c</k2></l>
    <ul><name>n</name></ul><c2b>q</c2b>
    <any><a>1</a><a>2</a><b xmlns="urn:u"><c/></b></any>
    <extra xmlns="urn:u">e&amp;f</extra><more xmlns="urn:u"><m>-3</m></more>
  </top>
  <standalone xmlns="urn:u">s</standalone>
  <jukebox xmlns="http://example.com/ns/example-jukebox" xmlns:jbox="http://example.com/ns/example-jukebox">
    <library><artist><name>A</name><album><name>B</name><genre>jbox:rock</genre><year>2000</year></album></artist></library>
    <playlist><name>P</name><song><index>1</index><id>/jbox:jukebox/jbox:library/jbox:artist[jbox:name='A']</id></song></playlist>
  </jukebox>
</data>`;

const PIECES = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  "'",
  '=',
  ':',
  'x',
  ' ',
  '\n',
  '<!DOCTYPE a>',
  '<![CDATA[',
  ']]>',
  '&#0;',
  '\u0000',
  '<s>',
  '</s>',
  'xmlns="urn:u"',
  'xmlns:x=""',
  '<?x?>',
  '<!--',
];

type Edit = readonly [kind: number, at: number, length: number, piece: string];

/** Applies edits: delete a range, insert a piece, duplicate a range, or replace one character. */
const mutate = (text: string, edits: readonly Edit[]): string => {
  let result = text;
  for (const [kind, fraction, length, piece] of edits) {
    const at = Math.floor(fraction * (result.length + 1));
    switch (kind) {
      case 0:
        result = result.slice(0, at) + result.slice(at + length);
        break;
      case 1:
        result = result.slice(0, at) + piece + result.slice(at);
        break;
      case 2:
        result = result.slice(0, at + length) + result.slice(at, at + length) + result.slice(at + length);
        break;
      default:
        result = result.slice(0, at) + piece.slice(0, 1) + result.slice(at + 1);
    }
  }
  return result;
};

const edits = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: 3 }),
    fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    fc.integer({ min: 1, max: 16 }),
    fc.constantFrom(...PIECES),
  ),
  { minLength: 1, maxLength: 4 },
);

describe('XML decoding fuzz (property)', () => {
  it('the valid document decodes', () => {
    assert.ok(decodeXmlDocument(schema, VALID, { schema }));
  });
  it('mutations of a valid document decode or give a ManagementError, 3000 seeded cases', () => {
    let rejected = 0;
    fc.assert(
      fc.property(edits, fc.boolean(), (changes, config) => {
        const text = mutate(VALID, changes);
        for (const decode of [decodeXmlDocument, decodeXml]) {
          try {
            decode(schema, text, { schema, config });
          } catch (error) {
            if (!isManagementError(error)) throw error;
            rejected++;
          }
        }
      }),
      { seed: 7, numRuns: 3000 },
    );
    assert.ok(rejected > 1000, `only ${rejected} mutations were rejected`);
  });
});
