/**
 * @module yang/compiler/node-checks
 * Per-node rules checked once the tree is complete: list keys (exist, are leaves, config
 * matches, no default, no `when`, own or from a uses), key order, `unique`, lists without keys, defaults valid and not on
 * mandatory nodes, min/max-elements, choice defaults.
 * @see RFC 7950 §7.6.4, §7.7.5, §7.8.2, §7.8.3, §7.9.3, §7.21.5
 */
import type { LeafNode, ListNode, SchemaNode } from '../schema/schema-node.ts';
import { isMandatoryNode } from './augment.ts';
import { type CompileContext, report, subArgument, subs } from './context.ts';
import { isValidDefault } from './default-check.ts';
import { UNIQUE_DEVIATIONS } from './deviation.ts';
import { childList, draft, NODE_SOURCES } from './draft.ts';

/** Resolves a list's `key` (keys first in children) before indexing. @see RFC 7950 §7.8.2 */
export const resolveKeys = (context: CompileContext, list: ListNode): void => {
  const source = NODE_SOURCES.get(list);
  const keyText = source === undefined ? undefined : subArgument(source.statement, 'key');
  if (keyText === undefined) return;
  const keys: LeafNode[] = [];
  for (const name of keyText.trim().split(/\s+/)) {
    const local = name.replace(/^.*:/, '');
    const found = list.children.find((child) => child.name === local);
    if (found === undefined) {
      report(context, 'error', 'key-not-found', `key "${local}" is not a child of list "${list.name}"`, list.location);
      continue;
    }
    if (found.kind !== 'leaf') {
      report(context, 'error', 'key-not-leaf', `key "${local}" of list "${list.name}" is not a leaf`, found.location);
      continue;
    }
    if (keys.includes(found)) {
      report(context, 'error', 'duplicate-key', `key "${local}" listed twice in list "${list.name}"`, list.location);
      continue;
    }
    draft(found).isKey = true;
    keys.push(found);
  }
  draft(list).keys = keys;
  const children = childList(list);
  const others = children.filter((child) => !keys.includes(child as LeafNode));
  children.splice(0, children.length, ...keys, ...others);
};

/** Checks one node after config, status and indexes are known. */
export const checkNode = (context: CompileContext, node: SchemaNode): void => {
  const source = NODE_SOURCES.get(node);
  switch (node.kind) {
    case 'list': {
      const keyText = source === undefined ? undefined : subArgument(source.statement, 'key');
      if (keyText === undefined && node.config) {
        report(context, 'error', 'list-without-key', `config list "${node.name}" has no key`, node.location);
      }
      for (const key of node.keys) {
        if (key.config !== node.config) {
          report(
            context,
            'error',
            'key-config-mismatch',
            `key "${key.name}" has config ${key.config} in a config ${node.config} list`,
            key.location,
          );
        }
        if (key.type.base === 'empty' && source?.scope.file.yangVersion !== '1.1') {
          report(
            context,
            'error',
            'key-type-empty',
            `key "${key.name}" is of type empty (not allowed in YANG 1.0)`,
            key.location,
          );
        }
        if (
          key.default !== undefined &&
          NODE_SOURCES.get(key)?.statement.substatements.some((s) => s.keyword === 'default')
        ) {
          report(context, 'error', 'key-default', `key "${key.name}" must not have a default`, key.location);
        }
        const keyWhen = key.when[0];
        if (keyWhen !== undefined) {
          // Also one inherited from a uses (libyang: "List's key must not have any when statement").
          report(context, 'error', 'key-when', `key "${key.name}" must not have "when"`, keyWhen.location);
        }
      }
      const uniques = [
        ...(source === undefined
          ? []
          : subs(source.statement, 'unique').map((u) => ({ text: u.argument ?? '', location: u.location }))),
        ...(UNIQUE_DEVIATIONS.get(node) ?? []).map((text) => ({ text, location: node.location })),
      ];
      const resolved: LeafNode[][] = [];
      for (const unique of uniques) {
        const leaves: LeafNode[] = [];
        for (const path of unique.text.trim().split(/\s+/)) {
          let current: SchemaNode | undefined = node;
          for (const step of path.split('/')) {
            const name = step.replace(/^.*:/, '');
            current =
              current !== undefined && 'dataChildIndex' in current ? current.dataChildIndex.get(name) : undefined;
          }
          if (current?.kind !== 'leaf') {
            report(
              context,
              'error',
              'unique-not-leaf',
              `unique "${path}" does not name a descendant leaf of list "${node.name}"`,
              unique.location,
            );
          } else leaves.push(current);
        }
        resolved.push(leaves);
      }
      draft(node).unique = resolved;
      checkElements(context, node.minElements, node.maxElements, node);
      return;
    }
    case 'leaf-list':
      checkElements(context, node.minElements, node.maxElements, node);
      for (const value of node.defaults) {
        if (!isValidDefault(node.type, value)) {
          report(
            context,
            'error',
            'invalid-default',
            `default "${value}" is not valid for the type of "${node.name}"`,
            node.location,
          );
        }
      }
      if (node.defaults.length > 0 && node.minElements > 0) {
        report(
          context,
          'error',
          'default-on-mandatory',
          `leaf-list "${node.name}" has defaults and min-elements`,
          node.location,
        );
      }
      return;
    case 'leaf':
      if (node.default !== undefined) {
        const own =
          source?.statement.substatements.some((s) => s.keyword === 'default' && s.prefix === undefined) ?? false;
        if (node.mandatory && own) {
          report(
            context,
            'error',
            'default-on-mandatory',
            `mandatory leaf "${node.name}" has a default`,
            node.location,
          );
        } else if (!isValidDefault(node.type, node.default)) {
          report(
            context,
            'error',
            'invalid-default',
            `default "${node.default}" is not valid for the type of "${node.name}"`,
            node.location,
          );
        }
      }
      return;
    case 'choice':
      if (node.defaultCase !== undefined) {
        if (node.mandatory) {
          report(
            context,
            'error',
            'default-on-mandatory',
            `mandatory choice "${node.name}" has a default case`,
            node.location,
          );
        }
        for (const child of node.defaultCase.children) {
          if (isMandatoryNode(child)) {
            report(
              context,
              'error',
              'mandatory-in-default-case',
              `default case of "${node.name}" has mandatory node "${child.name}"`,
              child.location,
            );
          }
        }
      }
      return;
    default:
      return;
  }
};

const checkElements = (context: CompileContext, min: number, max: number | undefined, node: SchemaNode): void => {
  if (max !== undefined && min > max) {
    report(
      context,
      'error',
      'min-greater-than-max',
      `min-elements ${min} exceeds max-elements ${max} in "${node.name}"`,
      node.location,
    );
  }
};
