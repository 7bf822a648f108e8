/**
 * @module bench/workload
 * The data and the requests of the benchmark, on the benchmark model (`bench/bench.yang`):
 * entries `entry-0` … `entry-(N-1)` with every leaf set, and each operation written once for
 * RESTCONF (RFC 8040, RFC 8072) and once for the legacy REST API (docs/legacy-rest.md).
 * Paths may hold `{i}` (a random entry index) and `{n}` (a growing number) for wrk.
 */

/** RESTCONF's root on the management port. */
export const RESTCONF = '/admin/api/restconf';
/** The legacy REST API's root on the management port. */
export const LEGACY = '/admin/api/rest';

/** One entry of the list, every leaf set. */
export const entry = (name: string, index: number): Record<string, unknown> => ({
  name,
  value: index,
  enabled: index % 2 === 0,
  description: `the entry number ${index}`,
  details: { counter: index * 7, note: `note ${index}` },
});

/** The whole benchmark container with `count` entries, as RFC 7951 JSON. */
export const loadDocument = (count: number): string => {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(JSON.stringify(entry(`entry-${index}`, index)));
  return `{"bench:bench":{"label":"benchmark","entry":[${parts.join(',')}]}}`;
};

/** A YANG Patch (RFC 8072) that creates the entries `from` … `to - 1` of the list, one edit each. */
export const createPatch = (from: number, to: number): string => {
  const edits: string[] = [];
  for (let index = from; index < to; index++) {
    const name = `entry-${index}`;
    edits.push(
      JSON.stringify({
        'edit-id': `create-${index}`,
        operation: 'create',
        target: `/entry=${name}`,
        value: { 'bench:entry': [entry(name, index)] },
      }),
    );
  }
  return `{"ietf-yang-patch:yang-patch":{"patch-id":"load","edit":[${edits.join(',')}]}}`;
};

/** Distinct random indexes below `count` (all of them when fewer than `wanted`). */
export const distinctIndexes = (count: number, wanted: number): number[] => {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, wanted)) chosen.add(Math.floor(Math.random() * count));
  return [...chosen];
};

/** A YANG Patch of `indexes.length` merge edits, each setting `details/counter` of one entry. */
export const mergePatch = (indexes: readonly number[], stamp: number): string =>
  JSON.stringify({
    'ietf-yang-patch:yang-patch': {
      'patch-id': `merge-${stamp}`,
      edit: indexes.map((index, position) => ({
        'edit-id': `edit-${position}`,
        operation: 'merge',
        target: `/entry=entry-${index}/details`,
        value: { 'bench:details': { counter: stamp + position } },
      })),
    },
  });

/** The same change as `mergePatch` through the legacy API: one PATCH of the container. */
export const legacyMergeBody = (indexes: readonly number[], stamp: number): string =>
  JSON.stringify({
    'bench:bench': {
      entry: indexes.map((index, position) => ({ name: `entry-${index}`, details: { counter: stamp + position } })),
    },
  });

/** One API's requests. */
export interface ApiRequests {
  readonly name: 'restconf' | 'legacy';
  /** GET of one entry (`{i}` in the path); its media type. */
  readonly getOne: string;
  readonly jsonType: string;
  readonly xmlType: string;
  /** GET of the whole list. */
  readonly getAll: string;
  /** PATCH of the `value` leaf of one entry: path, body with `{n}`, media type. */
  readonly patchLeaf: { readonly path: string; readonly body: string; readonly type: string };
  /** POST of a new entry `name`. */
  readonly post: (name: string) => { readonly path: string; readonly body: string; readonly type: string };
  /** DELETE of the entry `name`. */
  readonly deleteEntry: (name: string) => string;
}

export const RESTCONF_REQUESTS: ApiRequests = {
  name: 'restconf',
  getOne: `${RESTCONF}/data/bench:bench/entry=entry-{i}`,
  jsonType: 'application/yang-data+json',
  xmlType: 'application/yang-data+xml',
  getAll: `${RESTCONF}/data/bench:bench`,
  patchLeaf: {
    path: `${RESTCONF}/data/bench:bench/entry=entry-{i}/value`,
    body: '{"bench:value":{n}}',
    type: 'application/yang-data+json',
  },
  post: (name) => ({
    path: `${RESTCONF}/data/bench:bench`,
    body: JSON.stringify({ 'bench:entry': [entry(name, 1)] }),
    type: 'application/yang-data+json',
  }),
  deleteEntry: (name) => `${RESTCONF}/data/bench:bench/entry=${name}`,
};

export const LEGACY_REQUESTS: ApiRequests = {
  name: 'legacy',
  getOne: `${LEGACY}/running/bench/entry/entry-{i}`,
  jsonType: 'application/vnd.yang.data+json',
  xmlType: 'application/vnd.yang.data+xml',
  getAll: `${LEGACY}/running/bench?deep`,
  patchLeaf: {
    path: `${LEGACY}/running/bench/entry/entry-{i}/value`,
    body: '{"bench:value":{n}}',
    type: 'application/vnd.yang.data+json',
  },
  post: (name) => ({
    path: `${LEGACY}/running/bench`,
    body: JSON.stringify({ 'bench:entry': entry(name, 1) }),
    type: 'application/vnd.yang.data+json',
  }),
  deleteEntry: (name) => `${LEGACY}/running/bench/entry/${name}`,
};
