/**
 * @module data/codec/xml/xml-parse
 * XML text → events (element start with its expanded name and the namespace declarations in
 * scope, character data, element end), parsed by `saxes`; or → a light element tree. A DOCTYPE
 * is rejected (so no entity can be declared), as is anything that is not well-formed.
 * @see XML 1.0, Namespaces in XML 1.0, RFC 7950 §7 (the YANG XML encoding), DESIGN §3 (no DTD)
 */
import { SaxesParser } from 'saxes';
import { MalformedMessageError } from '../../../errors/index.ts';

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

/** What a parse reports, in document order. */
export interface XmlHandler {
  /** An element starts; `scope` holds the declarations in scope on it (its own included). */
  open(local: string, namespace: string, scope: XmlNamespaceScope): void;
  /** Character data inside the innermost open element (text outside elements is never reported). */
  text(data: string): void;
  /** The innermost open element ends. */
  close(): void;
}

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

/** True when `text` is only XML whitespace. */
export const isXmlBlank = (text: string): boolean => /^[ \t\r\n]*$/.test(text);

/**
 * Parses XML text, reporting its elements to `handler`. A text that starts with an XML
 * declaration must be a document (one root element); otherwise several top-level elements may
 * follow each other, as the members of a JSON object do. Throws MalformedMessageError for a
 * DOCTYPE, text outside elements, no element at all, or anything not well-formed.
 */
export const parseXml = (input: string, handler: XmlHandler): void => {
  // A byte order mark is not part of the document (XML 1.0 §4.3.3).
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const parser = new SaxesParser({ xmlns: true, fragment: !DECLARATION.test(text) });
  const scopes: XmlNamespaceScope[] = [ROOT_SCOPE];
  let elements = 0;
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
    if (scopes.length > MAX_XML_DEPTH) throw malformed(`elements are nested deeper than ${MAX_XML_DEPTH} levels`);
    const outer = scopes[scopes.length - 1] as XmlNamespaceScope;
    let scope = outer;
    for (const _ in tag.ns) {
      scope = { parent: outer, bindings: tag.ns };
      break;
    }
    scopes.push(scope);
    elements++;
    handler.open(tag.local, tag.uri, scope);
  });
  parser.on('closetag', () => {
    scopes.pop();
    handler.close();
  });
  const onText = (data: string): void => {
    if (scopes.length > 1) handler.text(data);
    else if (!isXmlBlank(data)) throw malformed('text outside of any element');
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (elements === 0) throw malformed('it holds no element');
};

interface MutableElement extends XmlElement {
  children: XmlElement[];
  text: string;
}

/** The children of a leaf element: one shared empty array, replaced at the first child (most elements are leaves). */
const NO_CHILDREN: XmlElement[] = [];

/** A handler that builds the element tree of what it is given. */
export class XmlTreeBuilder implements XmlHandler {
  /** The outermost elements built. */
  readonly roots: XmlElement[] = [];
  readonly #open: MutableElement[] = [];

  open(local: string, namespace: string, scope: XmlNamespaceScope): void {
    const element: MutableElement = { local, namespace, scope, children: NO_CHILDREN, text: '' };
    const parent = this.#open[this.#open.length - 1];
    if (parent === undefined) this.roots.push(element);
    else if (parent.children === NO_CHILDREN) parent.children = [element];
    else parent.children.push(element);
    this.#open.push(element);
  }

  text(data: string): void {
    const element = this.#open[this.#open.length - 1];
    if (element !== undefined) element.text += data;
  }

  close(): void {
    this.#open.pop();
  }
}

/** Parses XML text (as {@link parseXml} does) into its top-level elements. */
export const parseXmlElements = (text: string): readonly XmlElement[] => {
  const builder = new XmlTreeBuilder();
  parseXml(text, builder);
  return builder.roots;
};

/** True when `element` holds character data other than whitespace. */
export const hasText = (element: XmlElement): boolean => element.text.length > 0 && !isXmlBlank(element.text);
