/**
 * @module management/view-version
 * ETag and Last-Modified of a resource a user sees filtered by NACM. The commit that last
 * changed the resource would tell the user when data they cannot see changed, so a filtered
 * view gets its own version instead: the entity tag is a digest of the configuration the user
 * sees (so it changes exactly when that does), and Last-Modified the time of the newest commit
 * when a new digest was first seen (never earlier than the real change; it tells no more than
 * that some commit happened since, which the rollback file list tells anyway). The digest is
 * computed once per configuration version that changed the resource: a commit elsewhere
 * leaves the resource's subtree the same object, and its digest is kept.
 * @see RFC 8040 §3.4.1.2–3.4.1.3, RFC 8341 §3.4.5, RFC 9110 §8.8
 */
import { createHash } from 'node:crypto';
import type { AccessScope, DataTree, EncodeTarget, InstancePath, Slot } from '../data/index.ts';
import { encodeJson, formatInstancePath, resolveInstancePath } from '../data/index.ts';
import type { NodeVersion, Snapshot } from '../datastore/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import type { YangValue } from '../yang/index.ts';

/** A version with an entity tag of its own (a digest), not a commit's fixed number. */
export interface ViewVersion extends NodeVersion {
  /** The entity tag without quotes. */
  readonly tag: string;
}

interface Seen {
  readonly digest: string;
  readonly timestamp: string;
  /** The subtree the digest was last computed or confirmed for (not kept alive by this). */
  readonly subtree: WeakRef<object> | undefined;
}

/** Digests remembered per user and resource; beyond this, the memory starts over. */
const MAX_REMEMBERED = 1024;

/** The digest of what `access` lets the user see of the configuration `value` at `path` in `root`. */
const digestOf = (root: DataTree, path: InstancePath, value: Slot, access: AccessScope): string => {
  const last = path.at(-1);
  let target: EncodeTarget;
  if (last === undefined) target = root;
  else if (last.schema.kind === 'leaf-list' && last.value !== undefined)
    target = { schema: last.schema, value: value === undefined ? undefined : [value as YangValue] };
  else target = { schema: last.schema, value };
  const hash = createHash('sha256');
  for (const chunk of encodeJson(target, root.schema, { content: 'config', access })) hash.update(chunk);
  return hash.digest('base64url').slice(0, 22);
};

/** The view versions of one server. */
export class ViewVersions {
  /** Per snapshot root and user: the versions computed (each snapshot's digests are computed once). */
  readonly #computed = new WeakMap<DataTree, WeakMap<AccessDecisions, Map<string, ViewVersion>>>();
  /** Per user: the last digest seen of each resource and when it was first seen. */
  readonly #seen = new WeakMap<AccessDecisions, Map<string, Seen>>();

  /** The version of the resource at `path` as `decisions` let the user see it in `snapshot`. */
  versionOf(decisions: AccessDecisions, snapshot: Snapshot, path: InstancePath, access: AccessScope): ViewVersion {
    const key = formatInstancePath(path);
    let byUser = this.#computed.get(snapshot.root);
    if (byUser === undefined) {
      byUser = new WeakMap();
      this.#computed.set(snapshot.root, byUser);
    }
    let versions = byUser.get(decisions);
    if (versions === undefined) {
      versions = new Map();
      byUser.set(decisions, versions);
    }
    const known = versions.get(key);
    if (known !== undefined) return known;
    let seen = this.#seen.get(decisions);
    if (seen === undefined) {
      seen = new Map();
      this.#seen.set(decisions, seen);
    }
    let last = seen.get(key);
    const value = path.length === 0 ? snapshot.root : resolveInstancePath(snapshot.root, path);
    const subtree = typeof value === 'object' && value !== null ? value : undefined;
    // Trees are persistent: a subtree a commit did not touch is the same object, and its view
    // the same under the same rules, so commits elsewhere cost no new digest.
    const unchanged = subtree !== undefined && last?.subtree?.deref() === subtree;
    const digest = unchanged && last !== undefined ? last.digest : digestOf(snapshot.root, path, value, access);
    if (last?.digest !== digest || !unchanged) {
      last = {
        digest,
        timestamp: last?.digest === digest ? last.timestamp : snapshot.timestamp,
        subtree: subtree === undefined ? undefined : new WeakRef(subtree),
      };
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(key, last);
    }
    const version: ViewVersion = { fixedNumber: 0, timestamp: last.timestamp, tag: `v${digest}` };
    if (versions.size >= MAX_REMEMBERED) versions.clear();
    versions.set(key, version);
    return version;
  }
}
