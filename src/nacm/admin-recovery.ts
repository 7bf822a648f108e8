/**
 * @module nacm/admin-recovery
 * Restores administrator access when the NACM configuration locks everyone out: the group
 * `admin` (with the user named) and, first of all rule-lists, the rule-list `admin` that lets
 * that group do everything — as the factory default has them. Everything else is kept.
 * @see RFC 8341 §3.4.4 step 2 (recovery), models/factory-default.json
 */
import type { DataSchemaNode, DataTree } from '../data/index.ts';
import { decodeJson, encodeJsonString, getChild, setChild } from '../data/index.ts';
import { NACM_NODE, nacmNodeOf } from './nacm-policies.ts';

/** The group and rule-list names the recovery restores (those of the factory default). */
export const ADMIN_GROUP = 'admin';

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const arrayOf = (value: unknown): Json[] => (Array.isArray(value) ? value.map(objectOf) : []);

/** The rule-list that permits everything to the `admin` group. */
const ADMIN_RULE_LIST: Json = {
  name: ADMIN_GROUP,
  group: [ADMIN_GROUP],
  rule: [
    {
      name: 'any-access',
      'module-name': '*',
      'access-operations': '*',
      action: 'permit',
      comment: 'Administrators may do everything (restored by idconf nacm recover)',
    },
  ],
};

/**
 * The NACM JSON with the `admin` group holding `user` and the `admin` rule-list first (any
 * earlier `admin` rule-list is replaced). @see RFC 8341 §3.5.2
 */
export const recoveredNacmJson = (nacm: unknown, user: string): Json => {
  const current = objectOf(nacm);
  const groups = arrayOf(objectOf(current.groups).group);
  const admin = groups.find((group) => group.name === ADMIN_GROUP);
  const members = Array.isArray(admin?.['user-name']) ? (admin['user-name'] as unknown[]) : [];
  const adminGroup = {
    ...admin,
    name: ADMIN_GROUP,
    'user-name': members.includes(user) ? members : [...members, user],
  };
  return {
    ...current,
    groups: {
      ...objectOf(current.groups),
      group:
        admin === undefined ? [...groups, adminGroup] : groups.map((group) => (group === admin ? adminGroup : group)),
    },
    'rule-list': [ADMIN_RULE_LIST, ...arrayOf(current['rule-list']).filter((list) => list.name !== ADMIN_GROUP)],
  };
};

/**
 * `root` with administrator access restored for `user` (see {@link recoveredNacmJson});
 * TypeError when the schema does not implement ietf-netconf-acm.
 */
export const recoverAdminAccess = (root: DataTree, user: string): DataTree => {
  const node: DataSchemaNode | undefined = nacmNodeOf(root.schema);
  if (node === undefined) throw new TypeError('the schema does not implement ietf-netconf-acm');
  const value = getChild(root, node);
  const json =
    value === undefined
      ? undefined
      : (JSON.parse(encodeJsonString({ schema: node, value }, root.schema, { content: 'config' })) as Json)[NACM_NODE];
  const tree = decodeJson(
    root.schema,
    { [NACM_NODE]: recoveredNacmJson(json, user) },
    { schema: root.schema, config: true },
  );
  return setChild(root, node, getChild(tree, node) as never);
};
