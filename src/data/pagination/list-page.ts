/**
 * @module data/pagination/list-page
 * Cuts one page out of a list or leaf-list: the working result set is the entries in their
 * order, filtered by `where`, sorted by `sort-by`, traversed in `direction`; the page skips
 * `offset` of them and keeps at most `limit`. `remaining` is how many the limit left out.
 * Without `where` and `sort-by` a page costs O(log n + page) on the persistent list.
 * @see draft-ietf-netconf-list-pagination §3.1, §3.4 (the order of the parameters)
 */
import { OffsetOutOfRangeError } from '../../errors/index.ts';
import type { LeafListNode, ListNode, YangValue } from '../../yang/index.ts';
import { isDecimal64, isIdentityValue, toCanonical } from '../../yang/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  DataTree,
  InstanceNode,
  InstancePath,
  LeafListValues,
  ListEntry,
  ListInstance,
} from '../instance/index.ts';
import { entryKeyOf, formatInstancePath, getChild, InstanceNavigator, slotTableOf } from '../instance/index.ts';
import type { CompiledXPath } from '../validation/index.ts';
import { evaluateCondition } from '../validation/index.ts';
import type { ListPagination, SortKey, WhereFilter } from './list-pagination.ts';

/** Where the entries come from. */
export interface PageSource {
  /**
   * A tree that holds the list at `path` as the reader may see it; `where` is evaluated over it
   * (absolute paths in the expression reach only what this tree holds).
   */
  readonly root: DataTree;
  /** The path of the list or leaf-list (no keys or value on its last step). */
  readonly path: InstancePath;
  readonly node: ListNode | LeafListNode;
  /** The instance: its entries, or values; undefined when it has none. */
  readonly value: ListInstance | LeafListValues | undefined;
}

/** A page. */
export interface ListPage<T> {
  readonly items: readonly T[];
  /** Entries of the working result set after the page (0 when the limit cut nothing). */
  readonly remaining: number;
  /** Entries in the working result set: offset + items + remaining when the offset is in range. */
  readonly total: number;
}

type Item = ListEntry | YangValue;

const sizeOf = (value: ListInstance | LeafListValues | undefined): number =>
  value === undefined ? 0 : Array.isArray(value) ? value.length : (value as ListInstance).entries.size;

/** Items `start` to `end` of the instance in schema order, without copying the rest. */
const sliceOf = (value: ListInstance | LeafListValues | undefined, start: number, end: number): Item[] => {
  if (value === undefined) return [];
  if (Array.isArray(value)) return (value as LeafListValues).slice(start, end);
  return Array.from((value as ListInstance).entries.slice(start, end), ([, entry]) => entry);
};

const allOf = (value: ListInstance | LeafListValues | undefined): Item[] => sliceOf(value, 0, sizeOf(value));

/** The accessible-tree node of the list's parent, walking `path` without its last step. */
const parentNodeOf = (navigator: InstanceNavigator, path: InstancePath): AccessibleNode | undefined => {
  let current: AccessibleNode | undefined = navigator.rootNode;
  for (const step of path.slice(0, -1)) {
    if (current?.inner === undefined) return undefined;
    const index = slotTableOf((current.inner as InstanceNode).schema).indexOf.get(step.schema);
    if (index === undefined) return undefined;
    const nodes: readonly AccessibleNode[] = navigator.slotNodes(current, index);
    if (step.schema.kind === 'list' && step.keys !== undefined) {
      const key = entryKeyOf(step.schema, step.keys);
      current = nodes.find((node) => node.key === key);
    } else current = nodes[0];
  }
  return current;
};

/** The items for which `where` is true, in schema order. */
const filtered = (source: PageSource, where: WhereFilter): Item[] => {
  const navigator = new InstanceNavigator(source.root);
  // `where` may test state leaves of a state list as well as configuration.
  navigator.configOnly = false;
  const parent = parentNodeOf(navigator, source.path);
  if (parent?.inner === undefined) return [];
  const index = slotTableOf((parent.inner as InstanceNode).schema).indexOf.get(source.node);
  if (index === undefined) return [];
  const schema = source.root.schema;
  const xpath: CompiledXPath = {
    text: where.text,
    expression: where.expression,
    defaultModule: source.node.module,
    // Prefixes in `where` are module names. @see draft-ietf-netconf-list-pagination-rc §2.3.7
    prefixes: new Map([...schema.modules.keys()].map((name) => [name, name])),
    schema,
  };
  const items: Item[] = [];
  for (const node of navigator.slotNodes(parent, index))
    if (evaluateCondition(xpath, navigator, node))
      items.push(source.node.kind === 'list' ? (node.inner as ListEntry) : (node.value as YangValue));
  return items;
};

/** A value's place in the order: numbers by value, everything else by its canonical text. */
type SortValue = number | bigint | string;

const sortValueOf = (node: DataSchemaNode, value: YangValue): SortValue => {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value;
  if (isDecimal64(value)) return Number(value.digits) / 10 ** value.fractionDigits;
  if (isIdentityValue(value)) return `${value.module}:${value.name}`;
  return node.kind === 'leaf' || node.kind === 'leaf-list' ? toCanonical(node.type, value) : '';
};

const keyOf = (item: Item, sortBy: SortKey, node: ListNode | LeafListNode): SortValue | undefined => {
  if (sortBy.steps.length === 0) return sortValueOf(node, item as YangValue);
  let current: unknown = item;
  for (const step of sortBy.steps) {
    if (current === undefined) return undefined;
    current = getChild(current as InstanceNode, step);
  }
  const leaf = sortBy.steps.at(-1) as DataSchemaNode;
  return current === undefined ? undefined : sortValueOf(leaf, current as YangValue);
};

const compareSortValues = (a: SortValue, b: SortValue): number => {
  const numeric = (value: SortValue) => typeof value !== 'string';
  if (numeric(a) !== numeric(b)) return numeric(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Sorts ascending (code point order for text), entries without a value last, ties in schema order. */
const sorted = (items: Item[], sortBy: SortKey, node: ListNode | LeafListNode): Item[] => {
  const keyed = items.map((item, position) => ({ item, position, key: keyOf(item, sortBy, node) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined)
      return a.key === b.key ? a.position - b.position : a.key === undefined ? 1 : -1;
    return compareSortValues(a.key, b.key) || a.position - b.position;
  });
  return keyed.map(({ item }) => item);
};

/**
 * The page of `source` that `pagination` asks for.
 * @throws OffsetOutOfRangeError (416) when `offset` is beyond the working result set
 */
export const selectPage = <T extends Item>(source: PageSource, pagination: ListPagination): ListPage<T> => {
  const { where, sortBy, direction = 'forwards', offset = 0, limit } = pagination;
  const outOfRange = (total: number) =>
    new OffsetOutOfRangeError(
      `offset ${offset} is beyond the ${total} entr${total === 1 ? 'y' : 'ies'} of ${source.node.name}${where === undefined ? '' : ' that match where'}`,
      { path: formatInstancePath(source.path) },
    );
  if (where === undefined && sortBy === undefined) {
    // Index arithmetic on the persistent list: no entry outside the page is visited.
    const total = sizeOf(source.value);
    if (offset > total) throw outOfRange(total);
    const count = Math.min(limit ?? total, total - offset);
    const items =
      direction === 'forwards'
        ? sliceOf(source.value, offset, offset + count)
        : sliceOf(source.value, total - offset - count, total - offset).reverse();
    return { items: items as T[], remaining: total - offset - count, total };
  }
  let items = where === undefined ? allOf(source.value) : filtered(source, where);
  if (sortBy !== undefined) items = sorted(items, sortBy, source.node);
  if (direction === 'backwards') items.reverse();
  const total = items.length;
  if (offset > total) throw outOfRange(total);
  const page = items.slice(offset, limit === undefined ? undefined : offset + limit);
  return { items: page as T[], remaining: total - offset - page.length, total };
};
