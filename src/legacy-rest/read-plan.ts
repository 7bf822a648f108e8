/**
 * @module legacy-rest/read-plan
 * The legacy depth modes and `select` turned into the data layer's read options. The default
 * "variable depth" renders the target with its leaves, descends into non-presence containers,
 * shows presence containers unexpanded and list entries with their keys only; `shallow` shows
 * the target's leaves with child containers and lists as placeholders; `deep` everything. All
 * three are expressed as a FieldsSelector computed once per schema node.
 * @see shared/spec/legacy-rest.md Decision 4, §6.1–§6.5
 */
import type { DataSchemaNode, FieldsSelector, InnerSchemaNode, ReadOptions, WithDefaultsMode } from '../data/index.ts';
import { slotTableOf } from '../data/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { DepthMode, LegacyQuery } from './query-parameters.ts';
import type { LegacyResource } from './resource-path.ts';
import type { SelectMap, SelectSpec } from './select-expression.ts';
import { parseSelect } from './select-expression.ts';

/** A selection of no descendant: a container shown empty, list entries with their keys only. */
const PLACEHOLDER: FieldsSelector = new Map();

/** The legacy default of `with-defaults`: values equal to their schema default are left out. @see spec Decision 4 */
export const LEGACY_DEFAULT_WITH_DEFAULTS: WithDefaultsMode = 'trim';

const VARIABLE = new WeakMap<InnerSchemaNode, FieldsSelector>();
const SHALLOW = new WeakMap<InnerSchemaNode, FieldsSelector>();

/**
 * How `mode` renders a node below the target: leaves whole; in variable depth non-presence
 * containers recursively, presence containers and lists as placeholders (entries: keys only);
 * in shallow depth every container and list as a placeholder. @see spec §6.1, §6.2
 */
export const childSelection = (mode: DepthMode, child: DataSchemaNode): FieldsSelector | true => {
  if (mode === 'deep') return true;
  switch (child.kind) {
    case 'container':
      return mode === 'variable' && child.presence === undefined ? variableSelector(child) : PLACEHOLDER;
    case 'list':
      return PLACEHOLDER;
    default:
      return true;
  }
};

const selectorOf = (
  cache: WeakMap<InnerSchemaNode, FieldsSelector>,
  node: InnerSchemaNode,
  rule: (child: DataSchemaNode) => FieldsSelector | true,
): FieldsSelector => {
  let selector = cache.get(node);
  if (selector === undefined) {
    const map = new Map<DataSchemaNode, FieldsSelector | true>();
    for (const child of slotTableOf(node).nodes) map.set(child, rule(child));
    selector = map;
    cache.set(node, selector);
  }
  return selector;
};

/** The variable-depth selection of the children of a target `node` (a container or list entry). @see spec §6.1 */
export const variableSelector = (node: InnerSchemaNode): FieldsSelector =>
  selectorOf(VARIABLE, node, (child) => childSelection('variable', child));

/** The shallow selection of the children of a target `node`. @see spec §6.2 */
export const shallowSelector = (node: InnerSchemaNode): FieldsSelector =>
  selectorOf(SHALLOW, node, (child) => childSelection('shallow', child));

const DATASTORE_VARIABLE = new WeakMap<SchemaTree, FieldsSelector>();

/** Variable depth on a datastore: every top-level node is rendered as if it were the target. @see spec §6.1 */
const datastoreVariableSelector = (schema: SchemaTree): FieldsSelector => {
  let selector = DATASTORE_VARIABLE.get(schema);
  if (selector === undefined) {
    const map = new Map<DataSchemaNode, FieldsSelector | true>();
    for (const child of slotTableOf(schema).nodes) {
      map.set(child, child.kind === 'container' || child.kind === 'list' ? variableSelector(child) : true);
    }
    selector = map;
    DATASTORE_VARIABLE.set(schema, selector);
  }
  return selector;
};

/** Union of two selections (a node selected by either). */
const union = (left: FieldsSelector | true, right: FieldsSelector | true): FieldsSelector | true => {
  if (left === true || right === true) return true;
  const merged = new Map(left);
  for (const [node, selection] of right) {
    const existing = merged.get(node);
    merged.set(node, existing === undefined ? selection : union(existing, selection));
  }
  return merged;
};

const selectMapSelection = (spec: SelectMap, mode: DepthMode): FieldsSelector => {
  const out = new Map<DataSchemaNode, FieldsSelector | true>();
  for (const [node, item] of spec) {
    let selection: FieldsSelector | true | undefined = item.all
      ? true
      : item.node
        ? childSelection(mode, node)
        : undefined;
    if (selection !== true && item.below.size > 0) {
      const below = selectMapSelection(item.below, mode);
      selection = selection === undefined ? below : union(selection, below);
    }
    out.set(node, selection ?? PLACEHOLDER);
  }
  return out;
};

/**
 * The selection a `select` makes under `mode`: `a` renders a as the mode renders a child,
 * `a(*)` whole, `a/b` only b below a (keys of selected entries always come along). @see spec §6.4
 */
export const selectSelection = (spec: SelectSpec, mode: DepthMode): FieldsSelector | true =>
  spec === 'all' ? true : selectMapSelection(spec, mode);

/** The node whose children a selection of `resource` is relative to; undefined for leaf targets. */
const selectionParentOf = (schema: SchemaTree, resource: LegacyResource): InnerSchemaNode | undefined => {
  if (resource.kind === 'datastore') return schema;
  if (resource.kind !== 'data') return undefined;
  const node = resource.path.at(-1)?.schema;
  return node?.kind === 'container' || node?.kind === 'list' ? node : undefined;
};

/**
 * The read options of a GET on a datastore or data resource: content (`running` holds
 * configuration only), the fields selection of the depth mode and `select`, and with-defaults
 * (default: values equal to their default are omitted). Throws InvalidValueError for a bad
 * `select`, or one on a leaf. @see spec Decision 4
 */
export const legacyReadOptions = (schema: SchemaTree, resource: LegacyResource, query: LegacyQuery): ReadOptions => {
  const datastore = resource.kind === 'datastore' || resource.kind === 'data' ? resource.datastore : 'running';
  const content = datastore === 'running' ? 'config' : 'all';
  const withDefaults = query.withDefaults ?? LEGACY_DEFAULT_WITH_DEFAULTS;
  const parent = selectionParentOf(schema, resource);
  if (parent === undefined) {
    if (query.select !== undefined) throw new InvalidValueError('select needs a datastore, container or list target');
    return { content, withDefaults };
  }
  let fields: FieldsSelector | true;
  if (query.select !== undefined) {
    fields = selectSelection(parseSelect(query.select, parent, schema), query.depth);
  } else if (query.depth === 'deep') {
    fields = true;
  } else if (query.depth === 'shallow') {
    fields = shallowSelector(parent);
  } else {
    fields = resource.kind === 'datastore' ? datastoreVariableSelector(schema) : variableSelector(parent);
  }
  return fields === true ? { content, withDefaults } : { content, withDefaults, fields };
};
