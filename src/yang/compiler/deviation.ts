/**
 * @module yang/compiler/deviation
 * `deviation`s of implemented modules: not-supported (node removed), add, replace and delete
 * of properties. As in libyang, a deviation of a node a false if-feature left out is ignored.
 * @see RFC 7950 §7.20.3
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import { type CompileContext, type ModuleContext, report, sub, subs } from './context.ts';
import { childList, draft } from './draft.ts';
import { setProperty } from './refine.ts';
import { parseSchemaNodeId, resolveSchemaNodeId } from './schema-node-id.ts';
import { compileType } from './typedef.ts';

/** Applies all deviations; `remove` takes a top-level node out of the tree. */
export const applyDeviations = (
  context: CompileContext,
  roots: () => readonly SchemaNode[],
  remove: (node: SchemaNode) => void,
  implemented: readonly ModuleContext[],
): void => {
  for (const module of implemented) {
    for (const file of module.files) {
      const scope = module.scopes.get(file);
      if (scope === undefined) continue;
      for (const deviation of subs(file.statement, 'deviation')) {
        const steps = parseSchemaNodeId(deviation.argument ?? '', file, module.name);
        const target =
          steps === undefined
            ? undefined
            : resolveSchemaNodeId(roots(), (step) => context.modules.get(step.module ?? ''), steps, 'deviation');
        if (target === 'disabled') continue;
        if (target === undefined) {
          report(
            context,
            'error',
            'deviation-target-not-found',
            `deviation target "${deviation.argument ?? ''}" not found`,
            deviation.location,
          );
          continue;
        }
        for (const deviate of subs(deviation, 'deviate')) {
          switch (deviate.argument) {
            case 'not-supported':
              if (target.parent === undefined) remove(target);
              else {
                const siblings = childList(target.parent);
                siblings.splice(siblings.indexOf(target), 1);
              }
              break;
            case 'add':
            case 'replace':
              for (const property of deviate.substatements) {
                if (property.prefix !== undefined) continue;
                if (property.keyword === 'type' && (target.kind === 'leaf' || target.kind === 'leaf-list')) {
                  const compiled = compileType(context, property, scope);
                  if (compiled !== undefined) {
                    draft(target).type = compiled.spec;
                    draft(target).typeName = compiled.typeName;
                  }
                } else if (property.keyword === 'unique') {
                  // unique is resolved from the list's statements and these deviations in the final pass
                  UNIQUE_DEVIATIONS.set(target, [...(UNIQUE_DEVIATIONS.get(target) ?? []), property.argument ?? '']);
                } else {
                  setProperty(context, target, property, scope, deviate.argument);
                }
              }
              break;
            case 'delete': {
              const node = draft(target);
              if (sub(deviate, 'units') !== undefined && (node.kind === 'leaf' || node.kind === 'leaf-list'))
                node.units = undefined;
              for (const removed of subs(deviate, 'default')) {
                if (node.kind === 'leaf') node.default = undefined;
                else if (node.kind === 'leaf-list')
                  node.defaults = node.defaults.filter((value) => value !== removed.argument);
                else if (node.kind === 'choice') node.defaultCase = undefined;
              }
              for (const removed of subs(deviate, 'must')) {
                if ('must' in node) node.must = node.must.filter((must) => must.xpath !== removed.argument);
              }
              break;
            }
            default:
              report(
                context,
                'error',
                'invalid-deviate',
                `invalid deviate "${deviate.argument ?? ''}"`,
                deviate.location,
              );
          }
        }
      }
    }
  }
};

/** `unique` arguments added by deviations, by list. */
export const UNIQUE_DEVIATIONS = new WeakMap<SchemaNode, string[]>();
