/**
 * @module data/codec/xml/xml-anydata
 * anydata and anyxml content between XML and the JSON-like AnydataValue the instance tree holds.
 * The mapping is structural, since the content has no schema here: an element with child
 * elements is an object, a name repeated among siblings an array, an empty element `[null]`, any
 * other element its text (a string); a member name is module-qualified where the namespace changes (RFC 7951 §4).
 * Attributes, comments and text mixed with child elements are not kept. See docs/data.md "XML".
 * @see RFC 7950 §7.10, §7.11; RFC 7951 §5.5
 */
import { escapeXmlAttribute, escapeXmlText } from '../../../util/index.ts';
import type { SchemaTree } from '../../../yang/index.ts';
import type { AnydataValue } from '../../instance/index.ts';
import type { XmlElement } from './xml-parse.ts';
import { hasText } from './xml-parse.ts';

type Members = Record<string, AnydataValue>;

const EMPTY_LEAF: AnydataValue = Object.freeze([null]);

/** The value of an element inside the content: an empty one is `[null]`, as libyang reads it. */
const contentValue = (schema: SchemaTree, element: XmlElement): AnydataValue =>
  element.children.length > 0 ? membersOf(schema, element) : element.text === '' ? EMPTY_LEAF : element.text;

/** The JSON-like value of an anydata or anyxml element's content: an object, or the text of a leaf-like element. */
export const anydataFromXml = (schema: SchemaTree, element: XmlElement): AnydataValue =>
  element.children.length > 0 || !hasText(element) ? membersOf(schema, element) : element.text;

const membersOf = (schema: SchemaTree, element: XmlElement): AnydataValue => {
  const members: Members = {};
  const repeated = new Set<string>();
  for (const child of element.children) {
    const module = child.namespace === element.namespace ? undefined : schema.modulesByNamespace.get(child.namespace);
    const name = module === undefined ? child.local : `${module.name}:${child.local}`;
    const value = contentValue(schema, child);
    const known = Object.hasOwn(members, name) ? members[name] : undefined;
    if (known === undefined) {
      // defineProperty: a member named `__proto__` must stay a member.
      Object.defineProperty(members, name, { value, writable: true, enumerable: true, configurable: true });
    } else if (repeated.has(name)) {
      (known as AnydataValue[]).push(value);
    } else {
      members[name] = [known, value];
      repeated.add(name);
    }
  }
  return members;
};

const NAME = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

const scalarText = (value: string | number | boolean): string => escapeXmlText(String(value));

/**
 * Writes member `name` with `value` as XML elements (an array as repeated elements), in the
 * scope of default namespace `inherited`. Members whose names cannot be XML element names
 * (metadata annotations among them) are left out.
 */
const writeMember = (schema: SchemaTree, name: string, value: AnydataValue, inherited: string): string => {
  const match = NAME.exec(name);
  if (match === null) return '';
  const local = match[2] as string;
  const namespace = match[1] === undefined ? inherited : schema.modules.get(match[1])?.namespace;
  if (namespace === undefined) return '';
  const start = namespace === inherited ? `<${local}` : `<${local} xmlns="${escapeXmlAttribute(namespace)}"`;
  return writeAnydata(schema, value, start, `</${local}>`, namespace);
};

/**
 * Writes `value` as elements opened by `start` (an open start tag) and closed by `end`, whose
 * content is in `namespace`; an array repeats the element, as a list or leaf-list would.
 */
export const writeAnydata = (
  schema: SchemaTree,
  value: AnydataValue,
  start: string,
  end: string,
  namespace: string,
): string => {
  if (Array.isArray(value)) {
    let text = '';
    for (const item of value as readonly AnydataValue[]) text += writeAnydata(schema, item, start, end, namespace);
    return text;
  }
  if (value === null || value === '') return `${start}/>`;
  if (typeof value !== 'object') return `${start}>${scalarText(value as string | number | boolean)}${end}`;
  let content = '';
  const members = value as Readonly<Members>;
  for (const member in members) content += writeMember(schema, member, members[member] as AnydataValue, namespace);
  return content === '' ? `${start}/>` : `${start}>${content}${end}`;
};
