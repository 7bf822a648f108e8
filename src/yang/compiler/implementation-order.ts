/**
 * @module yang/compiler/implementation-order
 * The order in which libyang makes modules implemented: each module asked for, in order, and
 * right after each, depth first, the not yet implemented modules named in the target paths of
 * its augments and deviations (main module first, then its submodules). libyang applies the
 * augments of one target module in this order, which decides the order of their nodes.
 * @see RFC 7950 §5.6.5
 */
import { type ModuleContext, moduleOfPrefix, splitQualifiedName, subs } from './context.ts';

/** The modules named in a schema node identifier, in path order. */
const pathModules = (module: ModuleContext, path: string, file: ModuleContext['files'][number]): string[] =>
  path
    .trim()
    .replace(/^\//, '')
    .split('/')
    .map((part) => moduleOfPrefix(file, splitQualifiedName(part.trim()).prefix) ?? module.name);

/**
 * `implemented` reordered: the explicitly implemented modules in their order, each followed by
 * the modules its augments and deviations made implemented; any other module last.
 */
export const implementationOrder = (implemented: readonly ModuleContext[]): ModuleContext[] => {
  const byName = new Map(implemented.map((module) => [module.name, module]));
  const order: ModuleContext[] = [];
  const done = new Set<ModuleContext>();
  const implement = (module: ModuleContext): void => {
    done.add(module);
    order.push(module);
    const named: string[] = [];
    for (const file of module.files) {
      for (const keyword of ['augment', 'deviation']) {
        for (const statement of subs(file.statement, keyword)) {
          for (const name of pathModules(module, statement.argument ?? '', file))
            if (!named.includes(name)) named.push(name);
        }
      }
    }
    for (const name of named) {
      const target = byName.get(name);
      if (target !== undefined && !done.has(target)) implement(target);
    }
  };
  for (const module of implemented) if (module.loaded.implemented && !done.has(module)) implement(module);
  for (const module of implemented) if (!done.has(module)) implement(module);
  return order;
};
