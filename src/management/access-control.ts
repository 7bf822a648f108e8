/**
 * @module management/access-control
 * The seam where NACM (RFC 8341) plugs into the management layer: for each request, the access
 * decisions of its session under the running configuration. The management layer applies them
 * to the target of every read (and filters what is returned), the diff of every write, and
 * every invocation. The server itself (method `system`, e.g. start-up) is RFC 8341's recovery
 * session: it bypasses access control.
 * @see RFC 8341 §3.4 (access control enforcement), §3.4.4 step 2 (recovery session)
 */
import type { DataTree } from '../data/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { NacmPolicies, PERMIT_ALL } from '../nacm/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { Session } from './session.ts';

/** Access decisions for one server. */
export interface AccessControl {
  /** The decisions that apply to `session` while `root` is the running configuration. */
  decisionsFor(session: Session, root: DataTree): AccessDecisions;
}

/** Permits everything: a server without ietf-netconf-acm, and tests. */
export const ALLOW_ALL: AccessControl = Object.freeze({ decisionsFor: () => PERMIT_ALL });

/**
 * NACM as configured in `ietf-netconf-acm:nacm` of the running datastore (compiled once per
 * configuration version); everything is permitted when the schema does not implement the
 * module. @see RFC 8341 §3.5
 */
export const nacmAccessControl = (schema: SchemaTree): AccessControl => {
  const policies = new NacmPolicies(schema);
  if (!policies.available) return ALLOW_ALL;
  return {
    decisionsFor: (session, root) => {
      if (session.principal.method === 'system') return PERMIT_ALL;
      return policies.policyOf(root)?.decisionsFor(session.principal) ?? PERMIT_ALL;
    },
  };
};
