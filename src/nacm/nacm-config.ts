/**
 * @module nacm/nacm-config
 * The NACM configuration as plain data: the global switches and defaults, the groups with their
 * members, and the rule-lists in order with their rules in order — read from the RFC 7951 JSON
 * of `ietf-netconf-acm:nacm` with the module's defaults filled in.
 * @see RFC 8341 §3.5 (data model), §3.2 (groups, rules)
 */
import type { AccessOperations } from './access-operation.ts';
import { parseAccessOperations } from './access-operation.ts';

/** What a rule, or a default, does with a matching access. @see RFC 8341 §3.5.1 (action-type) */
export type NacmAction = 'permit' | 'deny';

/** One rule. Exactly one of `rpcName`, `notificationName`, `path` is set, or none (the rule matches every object). */
export interface NacmRuleConfig {
  readonly name: string;
  /** The module the rule applies to; `*` for any. */
  readonly moduleName: string;
  /** `protocol-operation` rules: the RPC's name, or `*`. */
  readonly rpcName?: string;
  /** `notification` rules: the notification's name, or `*`. */
  readonly notificationName?: string;
  /** `data-node` rules: the data path (a node-instance-identifier). */
  readonly path?: string;
  readonly accessOperations: AccessOperations;
  readonly action: NacmAction;
}

/** One rule-list: the groups it applies to (`*` for every group) and its rules in order. */
export interface NacmRuleListConfig {
  readonly name: string;
  readonly groups: readonly string[];
  readonly rules: readonly NacmRuleConfig[];
}

/** One group and its members. */
export interface NacmGroupConfig {
  readonly name: string;
  readonly userNames: readonly string[];
}

/** The whole NACM configuration. @see RFC 8341 §3.5.2 */
export interface NacmConfig {
  readonly enableNacm: boolean;
  readonly readDefault: NacmAction;
  readonly writeDefault: NacmAction;
  readonly execDefault: NacmAction;
  readonly enableExternalGroups: boolean;
  readonly groups: readonly NacmGroupConfig[];
  readonly ruleLists: readonly NacmRuleListConfig[];
}

/** The configuration of an empty `nacm` container: the module's defaults. @see RFC 8341 §3.5.2 */
export const DEFAULT_NACM_CONFIG: NacmConfig = Object.freeze({
  enableNacm: true,
  readDefault: 'permit',
  writeDefault: 'deny',
  execDefault: 'permit',
  enableExternalGroups: true,
  groups: Object.freeze([]),
  ruleLists: Object.freeze([]),
});

type Json = Readonly<Record<string, unknown>>;

const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const arrayOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown): string[] => arrayOf(value).filter((item): item is string => typeof item === 'string');
const actionOf = (value: unknown, fallback: NacmAction): NacmAction =>
  value === 'permit' || value === 'deny' ? value : fallback;
const booleanOf = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

const ruleOf = (json: Json): NacmRuleConfig => {
  const rpcName = stringOf(json['rpc-name']);
  const notificationName = stringOf(json['notification-name']);
  const path = stringOf(json.path);
  return {
    name: stringOf(json.name) ?? '',
    moduleName: stringOf(json['module-name']) ?? '*',
    ...(rpcName === undefined ? {} : { rpcName }),
    ...(notificationName === undefined ? {} : { notificationName }),
    ...(path === undefined ? {} : { path }),
    accessOperations: parseAccessOperations(stringOf(json['access-operations']) ?? '*'),
    // A rule without an action (invalid configuration) denies: never grant by accident.
    action: actionOf(json.action, 'deny'),
  };
};

/**
 * The configuration in the RFC 7951 JSON value of `ietf-netconf-acm:nacm` (undefined: no
 * `nacm` container, i.e. every default). @see RFC 8341 §3.5.2
 */
export const nacmConfigFromJson = (value: unknown): NacmConfig => {
  const json = objectOf(value);
  return {
    enableNacm: booleanOf(json['enable-nacm'], DEFAULT_NACM_CONFIG.enableNacm),
    readDefault: actionOf(json['read-default'], DEFAULT_NACM_CONFIG.readDefault),
    writeDefault: actionOf(json['write-default'], DEFAULT_NACM_CONFIG.writeDefault),
    execDefault: actionOf(json['exec-default'], DEFAULT_NACM_CONFIG.execDefault),
    enableExternalGroups: booleanOf(json['enable-external-groups'], DEFAULT_NACM_CONFIG.enableExternalGroups),
    groups: arrayOf(objectOf(json.groups).group).map((item) => {
      const group = objectOf(item);
      return { name: stringOf(group.name) ?? '', userNames: strings(group['user-name']) };
    }),
    ruleLists: arrayOf(json['rule-list']).map((item) => {
      const list = objectOf(item);
      return {
        name: stringOf(list.name) ?? '',
        groups: strings(list.group),
        rules: arrayOf(list.rule).map((rule) => ruleOf(objectOf(rule))),
      };
    }),
  };
};
