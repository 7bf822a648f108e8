/**
 * @module restconf/list-page-read
 * GET and HEAD of a page of a whole list or leaf-list (`limit`, `offset`, `direction`,
 * `sort-by`, `where`): the page is cut from what the user may see, encoded like the whole list,
 * and its first entry carries the `ietf-list-pagination:remaining` annotation when the limit
 * left entries out. An empty page is an empty document, not 404.
 * @see draft-ietf-netconf-list-pagination-rc §2.3, draft-ietf-netconf-list-pagination §3.1.7
 */
import type {
  DataTree,
  LeafListValues,
  ListEntry,
  ListInstance,
  ListPagination,
  ReadOptions,
  Slot,
} from '../data/index.ts';
import {
  emptyDataTree,
  encodeJsonString,
  encodeXmlString,
  entryKeyOf,
  formatInstancePath,
  instanceExists,
  keyValuesOf,
  listInstanceFromEntries,
  RESTCONF_DATA_WRAPPER,
  selectPage,
  updateAt,
} from '../data/index.ts';
import { ResourceNotFoundError } from '../errors/index.ts';
import { evaluatePreconditions, versionHeaders, writeEmpty, writeText } from '../http/index.ts';
import { pruneSlot } from '../nacm/index.ts';
import type { LeafListNode, ListNode, YangValue } from '../yang/index.ts';
import { managementContentIn, readOptionsIn } from './datastore-resources.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { DataNodeTarget } from './resource-target.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

/** The namespace of the `remaining` annotation's module. */
export const LIST_PAGINATION_NAMESPACE = 'urn:ietf:params:xml:ns:yang:ietf-list-pagination';

/** The page as an instance the encoders take: a list of the page's entries, or its values. */
const pageInstance = (node: ListNode | LeafListNode, items: readonly (ListEntry | YangValue)[]): Slot => {
  if (items.length === 0) return undefined;
  if (node.kind === 'leaf-list') return items as LeafListValues;
  const entries = items as readonly ListEntry[];
  return listInstanceFromEntries(
    node,
    entries.map((entry, index) => [node.keys.length === 0 ? `#${index}` : entryKeyOf(node, keyValuesOf(entry)), entry]),
  );
};

/** The JSON body with `remaining` on the first entry (RFC 7952 `@`; for a leaf-list, `@name`). */
const annotateJson = (body: string, node: ListNode | LeafListNode, remaining: number): string => {
  const annotation = `{"ietf-list-pagination:remaining":${remaining}}`;
  if (node.kind === 'list') {
    const at = body.indexOf('[{');
    return at < 0
      ? body
      : `${body.slice(0, at + 2)}"@":${annotation}${body[at + 2] === '}' ? '' : ','}${body.slice(at + 2)}`;
  }
  const end = body.lastIndexOf('}');
  const member = body.slice(1, body.indexOf('":') + 1);
  return `${body.slice(0, end)},"@${member.slice(1)}:[${annotation}]}`;
};

/** The XML body with `lpg:remaining` on the first entry's element. */
const annotateXml = (body: string, remaining: number): string => {
  const wrapperEnd = body.indexOf('>');
  const start = body.indexOf('<', wrapperEnd + 1);
  const nameEnd = body.slice(start).search(/[\s/>]/);
  if (start < 0 || nameEnd < 0) return body;
  const at = start + nameEnd;
  return `${body.slice(0, at)} xmlns:lpg="${LIST_PAGINATION_NAMESPACE}" lpg:remaining="${remaining}"${body.slice(at)}`;
};

/** Answers GET or HEAD of a page of the list or leaf-list `target`. */
export const readListPage = async (
  exchange: RestconfExchange,
  target: DataNodeTarget & { readonly node: ListNode | LeafListNode },
  read: ReadOptions,
  pagination: ListPagination,
): Promise<void> => {
  const encoding = responseEncoding(exchange.request);
  const { schema, datastore } = exchange;
  const options = readOptionsIn(datastore, read);
  const result = await exchange.management.read(exchange.session, target.path, {
    content: managementContentIn(datastore, options.content),
  });
  if (!instanceExists(result.root, target.path.slice(0, -1)))
    throw new ResourceNotFoundError(`no data at ${formatInstancePath(target.path)}`, {
      path: formatInstancePath(target.path),
    });
  // A user NACM restricts pages, filters and sorts only what they may see: the list pruned to
  // it, in a tree that holds nothing else. @see RFC 8341 §3.4.5
  let value = result.value as ListInstance | LeafListValues | undefined;
  let root: DataTree = result.root;
  if (result.access !== true) {
    value = pruneSlot(value, target.node, result.access) as ListInstance | LeafListValues | undefined;
    root = updateAt(emptyDataTree(schema), target.path, () => value);
  }
  const page = selectPage<ListEntry | YangValue>({ root, path: target.path, node: target.node, value }, pagination);
  const encodeTarget = { schema: target.node, value: pageInstance(target.node, page.items) };
  let body =
    encoding === 'json'
      ? encodeJsonString(encodeTarget, schema, options)
      : encodeXmlString(encodeTarget, schema, { ...options, wrapper: RESTCONF_DATA_WRAPPER });
  if (page.remaining > 0 && page.items.length > 0)
    body = encoding === 'json' ? annotateJson(body, target.node, page.remaining) : annotateXml(body, page.remaining);
  const headers = { 'Content-Type': dataMediaType(encoding), ...versionHeaders(result.version) };
  if (evaluatePreconditions(exchange.request, { exists: true, version: result.version }) === 'not-modified') {
    writeEmpty(exchange.response, 304, versionHeaders(result.version));
    return;
  }
  writeText(exchange.request, exchange.response, 200, headers, body);
};
