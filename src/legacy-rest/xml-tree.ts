/**
 * @module legacy-rest/xml-tree
 * A small XML tree that keeps what re-serialization needs (qualified names, attributes with
 * their namespaces, declarations in scope, text in order), parsed by `saxes`. The legacy API
 * uses it to add its annotations to encoded output and to remove them from request bodies.
 * A DOCTYPE is rejected, as by the data layer's parser.
 * @see XML 1.0, Namespaces in XML 1.0
 */
import { SaxesParser } from 'saxes';
import { MalformedMessageError } from '../errors/index.ts';
import { escapeXmlAttribute, escapeXmlText } from '../util/index.ts';

/** One attribute as written, with the namespace its prefix stands for (`''` for none). */
export interface XmlAttribute {
  readonly name: string;
  readonly local: string;
  readonly uri: string;
  readonly value: string;
}

/** One element: names as written and resolved, its own declarations, its content in order. */
export interface XmlTreeElement {
  readonly name: string;
  readonly local: string;
  readonly uri: string;
  readonly attributes: XmlAttribute[];
  /** Prefix → namespace declared on this element (`''` is the default namespace). */
  readonly declarations: Record<string, string>;
  readonly parent: XmlTreeElement | undefined;
  readonly content: (XmlTreeElement | string)[];
}

const DECLARATION = /^\uFEFF?<\?xml[\s?]/;
const MAX_DEPTH = 1000;

/** Parses XML text (a document or a sequence of elements) into its top-level elements. */
export const parseXmlTree = (text: string): XmlTreeElement[] => {
  const parser = new SaxesParser({ xmlns: true, fragment: !DECLARATION.test(text) });
  const roots: XmlTreeElement[] = [];
  const open: XmlTreeElement[] = [];
  parser.on('error', (error) => {
    throw new MalformedMessageError(`the body is not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    throw new MalformedMessageError('the body is not well-formed XML: a DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag) => {
    if (open.length >= MAX_DEPTH)
      throw new MalformedMessageError(`elements are nested deeper than ${MAX_DEPTH} levels`);
    const parent = open.at(-1);
    const element: XmlTreeElement = {
      name: tag.name,
      local: tag.local,
      uri: tag.uri,
      attributes: Object.values(tag.attributes).map((attribute) => ({
        name: attribute.name,
        local: attribute.local,
        uri: attribute.uri,
        value: attribute.value,
      })),
      declarations: { ...tag.ns },
      parent,
      content: [],
    };
    if (parent === undefined) roots.push(element);
    else parent.content.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  const addText = (data: string): void => {
    const element = open.at(-1);
    if (element !== undefined) element.content.push(data);
    else if (data.trim() !== '')
      throw new MalformedMessageError('the body is not well-formed XML: text outside of any element');
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  return roots;
};

/** The namespace bound to `prefix` where `element` is (`''`: the default namespace); undefined when unbound. */
export const lookupXmlPrefix = (element: XmlTreeElement, prefix: string): string | undefined => {
  for (let current: XmlTreeElement | undefined = element; current !== undefined; current = current.parent) {
    const uri = current.declarations[prefix];
    if (uri !== undefined) return uri;
  }
  return undefined;
};

/** The text directly inside an element. */
export const textOf = (element: XmlTreeElement): string =>
  element.content.filter((part): part is string => typeof part === 'string').join('');

/** Child elements of an element. */
export const childElements = (element: XmlTreeElement): XmlTreeElement[] =>
  element.content.filter((part): part is XmlTreeElement => typeof part !== 'string');

/** Serializes an element (attributes in order, empty elements self-closed). */
export const serializeXmlElement = (element: XmlTreeElement): string => {
  let out = `<${element.name}`;
  for (const attribute of element.attributes) out += ` ${attribute.name}="${escapeXmlAttribute(attribute.value)}"`;
  if (element.content.length === 0) return `${out}/>`;
  out += '>';
  for (const part of element.content) out += typeof part === 'string' ? escapeXmlText(part) : serializeXmlElement(part);
  return `${out}</${element.name}>`;
};

/** Declares `prefix` for `uri` on `element` unless it is already bound so there. */
export const ensureXmlPrefix = (element: XmlTreeElement, prefix: string, uri: string): void => {
  if (lookupXmlPrefix(element, prefix) === uri) return;
  element.declarations[prefix] = uri;
  element.attributes.push({ name: `xmlns:${prefix}`, local: prefix, uri: 'http://www.w3.org/2000/xmlns/', value: uri });
};
