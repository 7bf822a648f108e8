/**
 * @module nacm/secret-free-reader
 * The access of someone who may read all configuration except what the modules mark
 * `nacm:default-deny-all` (password hashes, private keys, secrets), the NACM configuration
 * itself aside: what offline tools show by default, so that secrets do not end up on a
 * terminal or in a log unless asked for.
 * @see RFC 8341 §3.4.5 step 9
 */
import type { SchemaTree } from '../yang/index.ts';
import type { AccessDecisions } from './access-decisions.ts';
import { nacmConfigFromJson } from './nacm-config.ts';
import { NacmPolicy } from './nacm-policy.ts';

const READER = 'secret-free-reader';

const CACHE = new WeakMap<SchemaTree, AccessDecisions>();

/** The decisions of a reader of everything but secrets (see the module comment). */
export const secretFreeReader = (schema: SchemaTree): AccessDecisions => {
  let decisions = CACHE.get(schema);
  if (decisions === undefined) {
    const rules = schema.dataChildIndex.has('ietf-netconf-acm:nacm')
      ? [{ name: 'nacm', path: '/ietf-netconf-acm:nacm', 'access-operations': 'read', action: 'permit' }]
      : [];
    const config = nacmConfigFromJson({
      'read-default': 'permit',
      groups: { group: [{ name: READER, 'user-name': [READER] }] },
      'rule-list': [{ name: READER, group: [READER], rule: rules }],
    });
    decisions = new NacmPolicy(schema, config).decisionsFor({ user: READER, groups: [] });
    CACHE.set(schema, decisions);
  }
  return decisions;
};
