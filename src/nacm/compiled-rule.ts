/**
 * @module nacm/compiled-rule
 * A rule of the configuration ready for matching: its module, its access operations, its
 * action, and what it matches — every object, RPCs or notifications by name, or the data nodes
 * at and below a resolved path.
 * @see RFC 8341 §3.4.4–§3.4.6 (rule matching), §3.5.1 (rule-type)
 */
import { isManagementError } from '../errors/index.ts';
import type { SchemaNode, SchemaTree } from '../yang/index.ts';
import type { AccessOperation, AccessOperations } from './access-operation.ts';
import type { NacmAction, NacmRuleConfig } from './nacm-config.ts';
import type { RulePath } from './rule-path.ts';
import { parseRulePath } from './rule-path.ts';

/** What a rule matches besides its module. @see RFC 8341 §3.5.1 (rule-type) */
export type RuleTarget =
  /** No rule-type: every data node, operation and notification of the module. */
  | { readonly kind: 'any' }
  /** `rpc-name`; undefined name for `*`. */
  | { readonly kind: 'protocol-operation'; readonly name: string | undefined }
  /** `notification-name`; undefined name for `*`. */
  | { readonly kind: 'notification'; readonly name: string | undefined }
  /** `path`: the data nodes (and actions) at and below it. */
  | { readonly kind: 'data-node'; readonly path: RulePath };

/** One rule, compiled. */
export interface CompiledRule {
  readonly name: string;
  readonly ruleList: string;
  /** The module the rule applies to; undefined for `*`. */
  readonly module: string | undefined;
  readonly operations: AccessOperations;
  readonly action: NacmAction;
  readonly target: RuleTarget;
}

const wildcard = (name: string): string | undefined => (name === '*' ? undefined : name);

/**
 * Compiles one rule. A path that does not resolve against the schema (configured before a
 * module changed, say) makes a deny rule apply to every node of its module and a permit rule
 * to none: a broken rule never grants more than it says.
 */
export const compileRule = (schema: SchemaTree, rule: NacmRuleConfig, ruleList: string): CompiledRule | undefined => {
  const base = {
    name: rule.name,
    ruleList,
    module: wildcard(rule.moduleName),
    operations: rule.accessOperations,
    action: rule.action,
  };
  if (rule.path !== undefined) {
    try {
      return { ...base, target: { kind: 'data-node', path: parseRulePath(schema, rule.path) } };
    } catch (error) {
      if (!isManagementError(error)) throw error;
      return rule.action === 'deny' ? { ...base, target: { kind: 'any' } } : undefined;
    }
  }
  if (rule.rpcName !== undefined)
    return { ...base, target: { kind: 'protocol-operation', name: wildcard(rule.rpcName) } };
  if (rule.notificationName !== undefined)
    return { ...base, target: { kind: 'notification', name: wildcard(rule.notificationName) } };
  return { ...base, target: { kind: 'any' } };
};

/** True when the rule applies to `operation` on nodes of module `module`. */
export const ruleCovers = (rule: CompiledRule, operation: AccessOperation, module: string): boolean =>
  rule.operations.has(operation) && (rule.module === undefined || rule.module === module);

/** True when the rule can match data nodes (and actions): no rule-type, or a path. */
export const isDataRule = (rule: CompiledRule): boolean =>
  rule.target.kind === 'any' || rule.target.kind === 'data-node';

/** The module of a node as NACM names it: the module that defines it (augmenting module included). */
export const moduleOf = (node: SchemaNode): string => node.module;
