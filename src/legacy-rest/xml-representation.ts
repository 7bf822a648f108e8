/**
 * @module legacy-rest/xml-representation
 * Legacy XML bodies of reads: a datastore inside `<data xmlns="http://tail-f.com/ns/rest">`, a
 * list inside `<collection>`, other nodes as their RFC 7950 element; with `y:self`/`y:path`
 * attributes (verbose) and `<y:operations>` links, the `y` prefix bound to the Tail-f REST
 * namespace.
 * @see shared/spec/legacy-rest.md Decisions 3–4, §5.2–§5.7
 */
import type { EncodeTarget, EncodeXmlOptions, InnerSchemaNode, XmlWrapper } from '../data/index.ts';
import { encodeXml, encodeXmlString } from '../data/index.ts';
import type { LeafNode, SchemaTree, TypeSpec } from '../yang/index.ts';
import { keysSegment, nodeSegment } from './format-path.ts';
import { TAILF_REST_NAMESPACE } from './legacy-names.ts';
import { datastoreOperationLinks, hasActionsAtOrBelow, operationLinksOf } from './operation-links.ts';
import type { Annotations, ReadTarget } from './read-target.ts';
import { insertBeforeEnd } from './read-target.ts';
import type { XmlTreeElement } from './xml-tree.ts';
import {
  childElements,
  ensureXmlPrefix,
  lookupXmlPrefix,
  parseXmlTree,
  serializeXmlElement,
  textOf,
} from './xml-tree.ts';

/** `<data xmlns="http://tail-f.com/ns/rest" xmlns:y="http://tail-f.com/ns/rest">`, the datastore root. @see spec Decision 3, §5.2 */
export const LEGACY_DATA_WRAPPER: XmlWrapper = Object.freeze({
  name: 'data',
  namespace: TAILF_REST_NAMESPACE,
  declarations: Object.freeze({ y: TAILF_REST_NAMESPACE }),
});

/** `<collection xmlns:y="http://tail-f.com/ns/rest">`, the root of a list's entries. @see spec §5.4 */
export const LEGACY_COLLECTION_WRAPPER: XmlWrapper = Object.freeze({
  name: 'collection',
  declarations: Object.freeze({ y: TAILF_REST_NAMESPACE }),
});

const Y = 'y';

const needsWalk = (node: InnerSchemaNode, annotations: Annotations): boolean =>
  annotations.verbose || (annotations.operations && hasActionsAtOrBelow(node));

const isIdentityref = (type: TypeSpec): boolean =>
  type.base === 'identityref' || (type.base === 'leafref' && type.target !== undefined && isIdentityref(type.target));

/** A key's value as URL text: XML identityrefs (`prefix:name`, prefix bound in scope) become `module:name`. */
const keyUrlText = (schema: SchemaTree, key: LeafNode, element: XmlTreeElement | undefined): string => {
  if (element === undefined) return '';
  const text = textOf(element).trim();
  if (!isIdentityref(key.type)) return text;
  const colon = text.indexOf(':');
  const uri = lookupXmlPrefix(element, colon < 0 ? '' : text.slice(0, colon));
  const module = uri === undefined ? undefined : schema.modulesByNamespace.get(uri)?.name;
  return module === undefined ? text : `${module}:${text.slice(colon + 1)}`;
};

const appendLinks = (element: XmlTreeElement, links: Readonly<Record<string, string>>): void => {
  const operations: XmlTreeElement = {
    name: `${Y}:operations`,
    local: 'operations',
    uri: TAILF_REST_NAMESPACE,
    attributes: [],
    declarations: {},
    parent: element,
    content: [],
  };
  for (const [name, url] of Object.entries(links)) {
    operations.content.push({
      name,
      local: name,
      uri: '',
      attributes: [],
      declarations: {},
      parent: operations,
      content: [url],
    });
  }
  ensureXmlPrefix(element, Y, TAILF_REST_NAMESPACE);
  element.content.push(operations);
};

const addAttribute = (element: XmlTreeElement, local: string, value: string): void => {
  ensureXmlPrefix(element, Y, TAILF_REST_NAMESPACE);
  element.attributes.push({ name: `${Y}:${local}`, local, uri: TAILF_REST_NAMESPACE, value });
};

/** Annotates the element of an inner node at `url`, recursing into its containers and list entries. */
export const annotateXmlElement = (
  element: XmlTreeElement,
  node: InnerSchemaNode,
  url: string,
  annotations: Annotations,
  keypath?: string,
): void => {
  const { schema } = annotations;
  if (annotations.verbose) {
    addAttribute(element, 'self', url);
    if (keypath !== undefined) addAttribute(element, 'path', keypath);
  }
  const module = 'kind' in node ? node.module : undefined;
  for (const child of childElements(element)) {
    const childModule = schema.modulesByNamespace.get(child.uri)?.name;
    const childSchema =
      childModule === undefined ? undefined : node.dataChildIndex.get(`${childModule}:${child.local}`);
    if (childSchema === undefined || (childSchema.kind !== 'container' && childSchema.kind !== 'list')) continue;
    if (!needsWalk(childSchema, annotations)) continue;
    annotateXmlEntry(child, childSchema, `${url}/${nodeSegment(schema, childSchema, module)}`, annotations);
  }
  const links = annotations.operations ? operationLinksOf(node, url) : undefined;
  if (links !== undefined) appendLinks(element, links);
};

/** Annotates a container element at `url`, or a list entry element below the list's `url`. */
const annotateXmlEntry = (
  element: XmlTreeElement,
  node: InnerSchemaNode,
  url: string,
  annotations: Annotations,
): void => {
  if (!('kind' in node) || node.kind !== 'list') {
    annotateXmlElement(element, node, url, annotations);
    return;
  }
  if (node.keys.length === 0) {
    annotateXmlElement(element, node, url, { ...annotations, verbose: false });
    return;
  }
  const children = childElements(element);
  const keys = node.keys.map((key) =>
    keyUrlText(
      annotations.schema,
      key,
      children.find((child) => child.local === key.name),
    ),
  );
  annotateXmlElement(element, node, `${url}/${keysSegment(keys)}`, annotations);
};

/**
 * The legacy XML body of a read of `target` (encoded with `options`), as chunks. Without
 * annotations to add, the encoder's chunks stream through; otherwise the body is parsed,
 * annotated and written at once. @see spec Decision 3, §5
 */
export function* renderLegacyXml(
  target: EncodeTarget,
  read: ReadTarget,
  options: EncodeXmlOptions,
  annotations: Annotations,
): Generator<string, void, undefined> {
  const { schema } = annotations;
  const node: InnerSchemaNode | undefined =
    'slots' in target
      ? target.schema
      : target.schema.kind === 'container' || target.schema.kind === 'list'
        ? target.schema
        : undefined;
  const wrapper =
    read.shape === 'datastore'
      ? LEGACY_DATA_WRAPPER
      : read.shape === 'collection'
        ? LEGACY_COLLECTION_WRAPPER
        : undefined;
  const encodeOptions: EncodeXmlOptions = wrapper === undefined ? options : { ...options, wrapper };
  const datastoreLinks = read.shape === 'datastore' && read.running && annotations.operations;
  if (node === undefined || !needsWalk(node, annotations)) {
    const chunks = encodeXml(target, schema, encodeOptions);
    if (!datastoreLinks) {
      yield* chunks;
      return;
    }
    const links = Object.entries(datastoreOperationLinks())
      .map(([name, url]) => `<${name}>${url}</${name}>`)
      .join('');
    yield* insertBeforeEnd(chunks, '</data>', () => `<${Y}:operations>${links}</${Y}:operations>`);
    return;
  }
  const text = encodeXmlString(target, schema, encodeOptions);
  const roots = parseXmlTree(text);
  // Bind `y` once at the top, so that the annotated descendants need no declaration of their own.
  for (const root of roots) ensureXmlPrefix(root, Y, TAILF_REST_NAMESPACE);
  if (read.shape === 'collection') {
    for (const root of roots) {
      for (const entry of childElements(root)) annotateXmlEntry(entry, node, read.url, annotations);
    }
  } else {
    for (const root of roots) {
      annotateXmlElement(root, node, read.url, annotations, read.keypath);
      if (datastoreLinks) appendLinks(root, datastoreOperationLinks());
    }
  }
  yield roots.map(serializeXmlElement).join('');
}
