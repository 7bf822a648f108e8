/**
 * @module nacm
 * The Network Configuration Access Control Model (RFC 8341) as pure decisions: the rule model
 * compiled from the `ietf-netconf-acm` configuration, and the access decisions of a user on
 * schema nodes, instance paths, diffs and operations. The management layer enforces them.
 * Re-exports only. May import: util, errors, xpath, yang, data (each through its index.ts).
 */

export type { AccessDecisions, DeniedWrite } from './access-decisions.ts';
export { PERMIT_ALL } from './access-decisions.ts';
export type { AccessOperation, AccessOperations, WriteOperation } from './access-operation.ts';
export { ACCESS_OPERATIONS, parseAccessOperations } from './access-operation.ts';
export { ADMIN_GROUP, recoverAdminAccess, recoveredNacmJson } from './admin-recovery.ts';
export type { DefaultDeny } from './default-deny.ts';
export { defaultDenyOf, hasNacmExtension } from './default-deny.ts';
export { parseInstancePathText } from './instance-path-text.ts';
export type {
  NacmAction,
  NacmConfig,
  NacmGroupConfig,
  NacmRuleConfig,
  NacmRuleListConfig,
} from './nacm-config.ts';
export { DEFAULT_NACM_CONFIG, nacmConfigFromJson } from './nacm-config.ts';
export { NacmCounters } from './nacm-counters.ts';
export { NACM_NODE, NacmPolicies, nacmConfigOf, nacmNodeOf } from './nacm-policies.ts';
export type { NacmUser } from './nacm-policy.ts';
export { NacmPolicy } from './nacm-policy.ts';
export { readableDiff } from './readable-diff.ts';
export type { RulePath, RulePathStep } from './rule-path.ts';
export { parseRulePath } from './rule-path.ts';
export { rulePathProblems } from './rule-path-check.ts';
export { secretFreeReader } from './secret-free-reader.ts';
export { pruneInstance, pruneSlot } from './visible-content.ts';
