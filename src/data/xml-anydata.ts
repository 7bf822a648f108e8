/**
 * @module data/xml-anydata
 * anydata and anyxml content between XML and the JSON-like AnydataValue the instance tree holds.
 * The mapping is structural, since the content has no schema here: an element with child
 * elements is an object, a name repeated among siblings an array, any other element its text
 * (a string); a member name is module-qualified where the namespace changes (RFC 7951 §4).
 * Attributes, comments and text mixed with child elements are not kept. See docs/data.md "XML".
 * @see RFC 7950 §7.10, §7.11; RFC 7951 §5.5
 */
import { escapeXmlAttribute, escapeXmlText } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { AnydataValue } from './instance-node.ts';
import type { XmlElement } from './xml-parse.ts';

type Members = Record<string, AnydataValue>;

/** The JSON-like value of an anydata or anyxml element's content. */
export const anydataFromXml = (schema: SchemaTree, element: XmlElement): AnydataValue => {
  if (element.children.length === 0) return element.text;
  const members: Members = {};
  const repeated = new Set<string>();
  for (const child of element.children) {
    const module = child.namespace === element.namespace ? undefined : schema.modulesByNamespace.get(child.namespace);
    const name = module === undefined ? child.local : `${module.name}:${child.local}`;
    const value = anydataFromXml(schema, child);
    const known = members[name];
    if (known === undefined) {
      members[name] = value;
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
  return writeElement(schema, local, namespace, value, inherited);
};

/** Writes one element `local` in `namespace` holding `value`; arrays repeat the element. */
export const writeElement = (
  schema: SchemaTree,
  local: string,
  namespace: string,
  value: AnydataValue,
  inherited: string | undefined,
): string => {
  if (Array.isArray(value)) {
    let text = '';
    for (const item of value as readonly AnydataValue[])
      text += writeElement(schema, local, namespace, item, inherited);
    return text;
  }
  const start = namespace === inherited ? `<${local}` : `<${local} xmlns="${escapeXmlAttribute(namespace)}"`;
  if (value === null || value === '') return `${start}/>`;
  if (typeof value !== 'object') return `${start}>${scalarText(value as string | number | boolean)}</${local}>`;
  let content = '';
  const members = value as Readonly<Members>;
  for (const member in members) content += writeMember(schema, member, members[member] as AnydataValue, namespace);
  return content === '' ? `${start}/>` : `${start}>${content}</${local}>`;
};
