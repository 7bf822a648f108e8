/**
 * @module nacm/nacm-policy
 * One NACM configuration compiled against the schema: rule paths resolved once, and the access
 * decisions of each set of groups built on first use and cached, and remembered per principal,
 * so that a request costs one lookup. A new configuration is a new policy: changes take effect with
 * the commit that makes them.
 * @see RFC 8341 §3.4.4 steps 4–6, §3.4.5 steps 3–5 (groups and rule-lists)
 */
import type { SchemaTree } from '../yang/index.ts';
import type { AccessDecisions } from './access-decisions.ts';
import { PERMIT_ALL } from './access-decisions.ts';
import { AccessRules } from './access-rules.ts';
import type { CompiledRule } from './compiled-rule.ts';
import { compileRule } from './compiled-rule.ts';
import type { NacmConfig } from './nacm-config.ts';

/** Who asks: the user name and the groups an external source (LDAP, a token, …) gave them. */
export interface NacmUser {
  readonly user: string;
  readonly groups: readonly string[];
}

interface CompiledRuleList {
  /** The groups it applies to; undefined for `*` (every group). */
  readonly groups: ReadonlySet<string> | undefined;
  readonly rules: readonly CompiledRule[];
}

/** Rule sets kept per policy; beyond this many group combinations, the cache starts over. */
const MAX_CACHED = 256;

/** A compiled NACM configuration. */
export class NacmPolicy {
  readonly config: NacmConfig;
  readonly #schema: SchemaTree;
  readonly #ruleLists: readonly CompiledRuleList[];
  readonly #groupsOfUser = new Map<string, string[]>();
  readonly #cache = new Map<string, AccessDecisions>();
  readonly #byUser = new WeakMap<NacmUser, AccessDecisions>();

  constructor(schema: SchemaTree, config: NacmConfig) {
    this.#schema = schema;
    this.config = config;
    this.#ruleLists = config.ruleLists.map((list) => ({
      groups: list.groups.includes('*') ? undefined : new Set(list.groups),
      rules: list.rules.flatMap((rule) => compileRule(schema, rule, list.name) ?? []),
    }));
    for (const group of config.groups)
      for (const user of group.userNames) {
        const groups = this.#groupsOfUser.get(user) ?? [];
        if (!groups.includes(group.name)) groups.push(group.name);
        this.#groupsOfUser.set(user, groups);
      }
  }

  /**
   * The user's groups: the NACM groups that list them, and, when `enable-external-groups` is
   * true, the groups they came with. @see RFC 8341 §3.4.4 step 4
   */
  groupsOf(user: NacmUser): readonly string[] {
    const own = this.#groupsOfUser.get(user.user) ?? [];
    if (!this.config.enableExternalGroups || user.groups.length === 0) return own;
    return [...new Set([...own, ...user.groups])];
  }

  /**
   * The access decisions of `user`, remembered for that very object (a principal is kept for a
   * connection's requests), so a request costs one lookup. @see RFC 8341 §3.4
   */
  decisionsFor(user: NacmUser): AccessDecisions {
    let decisions = this.#byUser.get(user);
    if (decisions === undefined) {
      decisions = this.#decisionsOf(user);
      this.#byUser.set(user, decisions);
    }
    return decisions;
  }

  #decisionsOf(user: NacmUser): AccessDecisions {
    if (!this.config.enableNacm) return PERMIT_ALL;
    const groups = [...this.groupsOf(user)].sort();
    const key = groups.join('\u0000');
    let decisions = this.#cache.get(key);
    if (decisions === undefined) {
      // A user in no group gets the defaults only: no rule-list applies, not even `*`. @see RFC 8341 §3.4.5 step 4
      const rules =
        groups.length === 0
          ? []
          : this.#ruleLists.flatMap((list) =>
              list.groups === undefined || groups.some((group) => list.groups?.has(group)) ? list.rules : [],
            );
      decisions = new AccessRules(this.#schema, this.config, rules);
      if (decisions.permitsAll) decisions = PERMIT_ALL;
      if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
      this.#cache.set(key, decisions);
    }
    return decisions;
  }
}
