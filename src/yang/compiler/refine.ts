/**
 * @module yang/compiler/refine
 * `refine` of a node instantiated from a grouping: description, default, config, mandatory,
 * presence, must, min/max-elements, if-feature and extensions. Several `default`s of a
 * leaf-list replace its defaults together.
 * @see RFC 7950 §7.13.2
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import { type CompileContext, report, type Scope } from './context.ts';
import { constraintOf, draft, NODE_SOURCES } from './draft.ts';
import { extensionsOf } from './node-builder.ts';

/** Which node kinds each refinable property applies to. @see RFC 7950 §7.13.2 */
const REFINABLE: Readonly<Record<string, readonly SchemaNode['kind'][]>> = {
  default: ['leaf', 'leaf-list', 'choice'],
  mandatory: ['leaf', 'choice', 'anydata', 'anyxml'],
  presence: ['container'],
  must: ['container', 'leaf', 'leaf-list', 'list', 'anydata', 'anyxml'],
  'min-elements': ['list', 'leaf-list'],
  'max-elements': ['list', 'leaf-list'],
  config: ['container', 'leaf', 'leaf-list', 'list', 'choice', 'anydata', 'anyxml'],
};

/** Applies one `refine` to its target. */
export const applyRefine = (context: CompileContext, refine: Statement, target: SchemaNode, scope: Scope): void => {
  // A leaf-list's defaults are replaced as a whole: the first `default` replaces, the others add.
  let defaultSeen = false;
  for (const property of refine.substatements) {
    if (property.prefix !== undefined) continue;
    const allowed = REFINABLE[property.keyword];
    if (allowed !== undefined && !allowed.includes(target.kind)) {
      report(
        context,
        'error',
        'invalid-refine',
        `cannot refine "${property.keyword}" of ${target.kind} "${target.name}"`,
        property.location,
      );
      continue;
    }
    const adds = property.keyword === 'default' && target.kind === 'leaf-list' && defaultSeen;
    if (property.keyword === 'default') defaultSeen = true;
    setProperty(context, target, property, scope, adds ? 'add' : 'replace');
  }
  draft(target).extensions = [...target.extensions, ...extensionsOf(refine, scope)];
};

/**
 * Sets (or adds to) one property of a node from a statement; shared by refine and deviate.
 * `mode` `add` appends to multi-valued properties, `replace` overwrites.
 */
export const setProperty = (
  context: CompileContext,
  target: SchemaNode,
  property: Statement,
  scope: Scope,
  mode: 'add' | 'replace',
): void => {
  const value = property.argument ?? '';
  const node = draft(target);
  switch (property.keyword) {
    case 'description':
      node.description = value;
      return;
    case 'if-feature':
      node.ifFeatures = [...node.ifFeatures, value];
      return;
    case 'config': {
      const source = NODE_SOURCES.get(target);
      if (source !== undefined) source.explicitConfig = value === 'true';
      return;
    }
    case 'must':
      if ('must' in node) node.must = [...node.must, constraintOf(property, scope.file)];
      return;
    case 'presence':
      if (node.kind === 'container') node.presence = value;
      return;
    case 'mandatory':
      if (node.kind === 'leaf' || node.kind === 'choice' || node.kind === 'anydata' || node.kind === 'anyxml')
        node.mandatory = value === 'true';
      return;
    case 'min-elements':
      if (node.kind === 'list' || node.kind === 'leaf-list') node.minElements = Number(value);
      return;
    case 'max-elements':
      if (node.kind === 'list' || node.kind === 'leaf-list')
        node.maxElements = value === 'unbounded' ? undefined : Number(value);
      return;
    case 'units':
      if (node.kind === 'leaf' || node.kind === 'leaf-list') node.units = value;
      return;
    case 'default':
      if (node.kind === 'leaf') node.default = value;
      else if (node.kind === 'leaf-list') node.defaults = mode === 'add' ? [...node.defaults, value] : [value];
      else if (node.kind === 'choice') {
        const found = node.children.find((child) => child.name === value);
        if (found?.kind === 'case') node.defaultCase = found;
        else report(context, 'error', 'unknown-default-case', `default case "${value}" not found`, property.location);
      }
      return;
    default:
      return;
  }
};
