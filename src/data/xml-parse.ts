/**
 * @module data/xml-parse
 * XML text → a light element tree (names resolved to namespaces, character data joined, the
 * namespace declarations in scope kept for prefixed values), parsed by `saxes`. A DOCTYPE is
 * rejected (so no entity can be declared), as is anything that is not well-formed.
 * @see XML 1.0, Namespaces in XML 1.0, RFC 7950 §7 (the YANG XML encoding), DESIGN §3 (no DTD)
 */
import { SaxesParser } from 'saxes';
import { MalformedMessageError } from '../errors/index.ts';

/** The namespace declarations of one element and those of its ancestors. @see Namespaces in XML 1.0 §6.1 */
export interface XmlNamespaceScope {
  readonly parent: XmlNamespaceScope | undefined;
  /** Prefix → namespace URI declared on the element; `''` is the default namespace. */
  readonly bindings: Readonly<Record<string, string>>;
}

/** One element: its expanded name, the declarations in scope, its children and its character data. */
export interface XmlElement {
  /** The local name. */
  readonly local: string;
  /** The namespace URI of the element; `''` when it has none. */
  readonly namespace: string;
  readonly scope: XmlNamespaceScope;
  readonly children: readonly XmlElement[];
  /** The character data directly inside the element (text and CDATA sections, joined). */
  readonly text: string;
}

interface MutableElement extends XmlElement {
  children: XmlElement[];
  text: string;
}

/** The children of a leaf element: one shared empty array, replaced at the first child (most elements are leaves). */
const NO_CHILDREN: XmlElement[] = [];

/** Elements nested deeper than this are rejected: no schema comes near, and decoding recurses. */
export const MAX_XML_DEPTH = 1000;

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const ROOT_SCOPE: XmlNamespaceScope = { parent: undefined, bindings: { xml: XML_NAMESPACE } };
const DECLARATION = /^<\?xml[\s?]/;
const SAXES_POSITION = /^(?:[^:]*:)?(\d+):(\d+): ([\s\S]*)$/;

/** The namespace URI bound to `prefix` in `scope` (`''` asks for the default namespace), if any. */
export const resolveXmlPrefix = (scope: XmlNamespaceScope, prefix: string): string | undefined => {
  for (let current: XmlNamespaceScope | undefined = scope; current !== undefined; current = current.parent) {
    const uri = current.bindings[prefix];
    if (uri !== undefined) return uri === '' ? undefined : uri;
  }
  return undefined;
};

const malformed = (reason: string): MalformedMessageError =>
  new MalformedMessageError(`the body is not well-formed XML: ${reason}`);

const isBlank = (text: string): boolean => /^[ \t\r\n]*$/.test(text);

/**
 * Parses XML text into its top-level elements. A text that starts with an XML declaration must be
 * a document (one root element); otherwise several top-level elements may follow each other, as
 * the members of a JSON object do. Throws MalformedMessageError for anything else.
 */
export const parseXmlElements = (input: string): readonly XmlElement[] => {
  // A byte order mark is not part of the document (XML 1.0 §4.3.3).
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const parser = new SaxesParser({ xmlns: true, fragment: !DECLARATION.test(text) });
  const roots: XmlElement[] = [];
  const open: MutableElement[] = [];
  parser.on('error', (error) => {
    const match = SAXES_POSITION.exec(error.message);
    throw match === null
      ? malformed(error.message)
      : malformed(`${(match[3] ?? '').replace(/\.$/, '')} at line ${match[1]}, column ${Number(match[2]) + 1}`);
  });
  parser.on('doctype', () => {
    throw malformed(`a document type declaration (DOCTYPE) is not allowed at line ${parser.line}`);
  });
  parser.on('opentag', (tag) => {
    if (open.length >= MAX_XML_DEPTH) throw malformed(`elements are nested deeper than ${MAX_XML_DEPTH} levels`);
    const parent = open[open.length - 1];
    const outer = parent?.scope ?? ROOT_SCOPE;
    let declares = false;
    for (const _ in tag.ns) {
      declares = true;
      break;
    }
    const element: MutableElement = {
      local: tag.local,
      namespace: tag.uri,
      scope: declares ? { parent: outer, bindings: tag.ns } : outer,
      children: NO_CHILDREN,
      text: '',
    };
    if (parent === undefined) roots.push(element);
    else if (parent.children === NO_CHILDREN) parent.children = [element];
    else parent.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  const addText = (data: string): void => {
    const element = open[open.length - 1];
    if (element !== undefined) element.text += data;
    else if (!isBlank(data)) throw malformed('text outside of any element');
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  if (roots.length === 0) throw malformed('it holds no element');
  return roots;
};

/** True when `element` holds character data other than whitespace. */
export const hasText = (element: XmlElement): boolean => element.text.length > 0 && !isBlank(element.text);
