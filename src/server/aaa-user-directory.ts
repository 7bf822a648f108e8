/**
 * @module server/aaa-user-directory
 * The admin accounts of the configuration (`idconf-aaa:aaa/authentication/users/user`) as the
 * authenticator's user directory, with the NACM groups each user belongs to
 * (`ietf-netconf-acm:nacm/groups/group/user-name`). Read from the running snapshot; recomputed
 * only when a commit changed the nodes they come from.
 * @see RFC 8341 §3.2.2 (groups)
 */
import type { UserDirectory, UserRecord } from '../auth/index.ts';
import type { DataTree } from '../data/index.ts';
import { sameNodes, topLevelJson, topLevelNodes } from '../identity/index.ts';

interface AaaUser {
  readonly name?: string;
  readonly password?: string;
}
interface NacmGroup {
  readonly name?: string;
  readonly 'user-name'?: readonly string[];
}

/** The top-level nodes the accounts are read from. */
const SOURCES = [
  ['idconf-aaa', 'aaa'],
  ['ietf-netconf-acm', 'nacm'],
] as const;

const usersOf = (root: DataTree): Map<string, UserRecord> => {
  const aaa = topLevelJson(root, 'idconf-aaa', 'aaa') as
    | { readonly authentication?: { readonly users?: { readonly user?: readonly AaaUser[] } } }
    | undefined;
  const nacm = topLevelJson(root, 'ietf-netconf-acm', 'nacm') as
    | { readonly groups?: { readonly group?: readonly NacmGroup[] } }
    | undefined;
  const groupsOf = new Map<string, string[]>();
  for (const group of nacm?.groups?.group ?? []) {
    for (const user of group['user-name'] ?? []) {
      const list = groupsOf.get(user) ?? [];
      if (group.name !== undefined) list.push(group.name);
      groupsOf.set(user, list);
    }
  }
  const users = new Map<string, UserRecord>();
  for (const user of aaa?.authentication?.users?.user ?? []) {
    if (user.name === undefined || user.password === undefined) continue;
    users.set(user.name, { passwordHash: user.password, groups: groupsOf.get(user.name) ?? [] });
  }
  return users;
};

/** A user directory over whatever tree `current()` returns (the running snapshot's). */
export const aaaUserDirectory = (current: () => DataTree): UserDirectory => {
  let cachedRoot: DataTree | undefined;
  let cachedNodes: readonly unknown[] = [];
  let cached = new Map<string, UserRecord>();
  return {
    lookup(user) {
      const root = current();
      if (root !== cachedRoot) {
        cachedRoot = root;
        // Trees are persistent: a commit that left both nodes alone left the accounts as they were.
        const nodes = topLevelNodes(root, SOURCES);
        if (!sameNodes(nodes, cachedNodes)) {
          cached = usersOf(root);
          cachedNodes = nodes;
        }
      }
      return cached.get(user);
    },
  };
};
