/**
 * @module nacm/rule-path-check
 * Checks the `path` of every data-node rule against the schema when NACM is configured, so that
 * a typo is refused at commit with the rule named, instead of a rule that silently matches
 * nothing.
 * @see RFC 8341 §3.5.1 (node-instance-identifier)
 */
import type { DataSchemaNode, InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import { InvalidValueError, isManagementError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { NacmConfig } from './nacm-config.ts';
import { parseRulePath } from './rule-path.ts';

const childOf = (parent: DataSchemaNode, name: string): DataSchemaNode =>
  (parent.kind === 'container' || parent.kind === 'list'
    ? parent.dataChildIndex.get(`ietf-netconf-acm:${name}`)
    : undefined) as DataSchemaNode;

/** An invalid-value error for each rule whose path is malformed or names nothing in the schema. */
export const rulePathProblems = (schema: SchemaTree, nacm: DataSchemaNode, config: NacmConfig): ManagementError[] => {
  const problems: ManagementError[] = [];
  const ruleList = childOf(nacm, 'rule-list');
  const rule = childOf(ruleList, 'rule');
  const pathLeaf = childOf(rule, 'path');
  for (const list of config.ruleLists)
    for (const each of list.rules) {
      if (each.path === undefined) continue;
      try {
        parseRulePath(schema, each.path);
      } catch (error) {
        if (!isManagementError(error)) throw error;
        const where: InstancePath = [
          { schema: nacm },
          { schema: ruleList, keys: [list.name] },
          { schema: rule, keys: [each.name] },
          { schema: pathLeaf },
        ];
        problems.push(new InvalidValueError(error.message, { path: formatInstancePath(where) }));
      }
    }
  return problems;
};
