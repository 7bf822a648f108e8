/**
 * @module test/yanglint-data/json-mutations
 * Schema-directed mutations of RFC 7951 JSON documents for the validation cross-check: each
 * mutation targets one kind of constraint (delete a member: mandatory, leafref targets,
 * min-elements; change a leaf to a value at or past its type's bounds, to another enum or
 * identity, to a dangling reference; duplicate a list entry under a fresh key: unique,
 * max-elements; add an absent member: when, choices, must).
 */
import type { DataSchemaNode } from '../../src/data/index.ts';
import { slotTableOf } from '../../src/data/index.ts';
import { SeededRandom } from '../../src/data/validation/validate.test-support.ts';
import type { ContainerNode, ListNode, SchemaTree, TypeSpec } from '../../src/yang/index.ts';

type Json = null | boolean | number | string | Json[] | { [member: string]: Json };
type JsonObject = { [member: string]: Json };
type Inner = SchemaTree | ContainerNode | ListNode;

/** A member of a JSON object with its schema node. */
interface Site {
  readonly object: JsonObject;
  readonly member: string;
  readonly schema: DataSchemaNode;
}

/** An object standing for an instance of an inner node, with the module its members inherit. */
interface ObjectSite {
  readonly object: JsonObject;
  readonly schema: Inner;
  readonly module: string | undefined;
}

/** A mutated document and what was done. */
export interface Mutation {
  readonly description: string;
  readonly document: JsonObject;
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const memberName = (schema: DataSchemaNode, module: string | undefined): string =>
  schema.module === module ? schema.name : `${schema.module}:${schema.name}`;

/** Walks a document along the schema, collecting its members and objects. */
const collect = (schema: SchemaTree, document: JsonObject): { sites: Site[]; objects: ObjectSite[] } => {
  const sites: Site[] = [];
  const objects: ObjectSite[] = [];
  const visit = (object: JsonObject, parent: Inner, module: string | undefined): void => {
    objects.push({ object, schema: parent, module });
    for (const [member, value] of Object.entries(object)) {
      const colon = member.indexOf(':');
      const childModule = colon < 0 ? module : member.slice(0, colon);
      const child = parent.dataChildIndex.get(`${childModule}:${colon < 0 ? member : member.slice(colon + 1)}`);
      if (child === undefined || !('kind' in child)) continue;
      if (child.kind === 'choice' || child.kind === 'case') continue;
      const data = child as DataSchemaNode;
      sites.push({ object, member, schema: data });
      if (data.kind === 'container' && isObject(value)) visit(value, data, data.module);
      if (data.kind === 'list' && Array.isArray(value)) {
        for (const entry of value) if (isObject(entry)) visit(entry, data, data.module);
      }
    }
  };
  visit(document, schema, undefined);
  return { sites, objects };
};

const INTEGER_BOUNDS: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int64: [-9223372036854775808n, 9223372036854775807n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint64: [0n, 18446744073709551615n],
};

const integerJson = (base: string, value: bigint): Json =>
  base === 'int64' || base === 'uint64' ? String(value) : Number(value);

/** Candidate JSON values of a type: valid ones, and ones at or past its bounds. */
const candidates = (schema: SchemaTree, type: TypeSpec, pool: readonly Json[]): Json[] => {
  switch (type.base) {
    case 'int8':
    case 'int16':
    case 'int32':
    case 'int64':
    case 'uint8':
    case 'uint16':
    case 'uint32':
    case 'uint64': {
      const [low, high] = INTEGER_BOUNDS[type.base] as readonly [bigint, bigint];
      const out = [low, high, 0n, 1n];
      for (const interval of type.range?.intervals ?? []) {
        out.push(interval.min, interval.max);
        if (interval.min > low) out.push(interval.min - 1n);
        if (interval.max < high) out.push(interval.max + 1n);
      }
      return out.map((value) => integerJson(type.base, value));
    }
    case 'decimal64':
      return ['0.5', '1.0', '-1.25', '100.0'];
    case 'boolean':
      return [true, false];
    case 'empty':
      return [[null]];
    case 'enumeration':
      return [...type.enums.map((member) => member.name), 'no-such-enum'];
    case 'bits':
      return ['', ...type.bits.map((bit) => bit.name)];
    case 'binary':
      return ['AAAA', 'not base64!'];
    case 'identityref':
      return [...schema.identities.keys(), 'no-such-module:thing'];
    case 'leafref':
      return [...(type.target === undefined ? [] : candidates(schema, type.target, pool)), 'no-such-target', ...pool];
    case 'union':
      return type.members.flatMap((member) => candidates(schema, member, pool));
    case 'instance-identifier':
      return ['/no-such-module:nothing', ...pool.filter((value) => typeof value === 'string' && value.startsWith('/'))];
    case 'string': {
      const out: Json[] = ['', 'x', 'zz-unknown', ...pool];
      for (const interval of type.length?.intervals ?? []) {
        if (interval.max < 300n) out.push('a'.repeat(Number(interval.max) + 1));
        if (interval.min > 0n) out.push('a'.repeat(Number(interval.min)));
      }
      return out;
    }
  }
};

/** Every leaf value in the document, to reuse as plausible values. */
const valuePool = (sites: readonly Site[]): Json[] => {
  const pool = new Set<Json>();
  for (const site of sites) {
    const value = site.object[site.member];
    if (site.schema.kind === 'leaf' && (typeof value === 'string' || typeof value === 'number')) pool.add(value);
  }
  return [...pool];
};

const typeOf = (schema: DataSchemaNode): TypeSpec | undefined =>
  schema.kind === 'leaf' || schema.kind === 'leaf-list' ? schema.type : undefined;

/** A value for a newly added member of `child`. */
const newMember = (schema: SchemaTree, child: DataSchemaNode, random: SeededRandom, pool: readonly Json[]): Json => {
  const type = typeOf(child);
  switch (child.kind) {
    case 'leaf':
      return random.pick(candidates(schema, type as TypeSpec, pool));
    case 'leaf-list':
      return [random.pick(candidates(schema, type as TypeSpec, pool))];
    case 'container': {
      // An empty non-presence container is not stored (so its `when` is never checked): give it a leaf.
      const members = slotTableOf(child).nodes.filter(
        (node) => node.config && (node.kind === 'leaf' || node.kind === 'list' || node.kind === 'container'),
      );
      if (child.presence !== undefined || members.length === 0) return {};
      const member = random.pick(members);
      return { [member.name]: newMember(schema, member, random, pool) };
    }
    case 'list': {
      const entry: JsonObject = {};
      for (const key of child.keys) entry[key.name] = random.pick(candidates(schema, key.type, pool));
      return [entry];
    }
    default:
      return {};
  }
};

const clone = (document: JsonObject): JsonObject => JSON.parse(JSON.stringify(document)) as JsonObject;

type Mutator = (schema: SchemaTree, document: JsonObject, random: SeededRandom) => string | undefined;

const MUTATORS: readonly Mutator[] = [
  // Delete a member: mandatory nodes, leafref targets, min-elements.
  (schema, document, random) => {
    const { sites } = collect(schema, document);
    if (sites.length === 0) return undefined;
    const site = random.pick(sites);
    delete site.object[site.member];
    return `delete ${site.member}`;
  },
  // Change a leaf (or one leaf-list value): bounds, enums, identities, dangling references.
  (schema, document, random) => {
    const { sites } = collect(schema, document);
    const leaves = sites.filter((site) => site.schema.kind === 'leaf' || site.schema.kind === 'leaf-list');
    if (leaves.length === 0) return undefined;
    const site = random.pick(leaves);
    if (site.schema.kind === 'leaf' && site.schema.isKey) return undefined;
    const value = random.pick(candidates(schema, typeOf(site.schema) as TypeSpec, valuePool(sites)));
    site.object[site.member] = site.schema.kind === 'leaf-list' ? [value] : value;
    return `set ${site.member} = ${JSON.stringify(value)}`;
  },
  // Duplicate a list entry under a fresh key: unique, max-elements.
  (schema, document, random) => {
    const { sites } = collect(schema, document);
    const lists = sites.filter((site) => site.schema.kind === 'list' && (site.schema as ListNode).keys.length > 0);
    if (lists.length === 0) return undefined;
    const site = random.pick(lists);
    const entries = site.object[site.member] as Json[];
    const entry = entries[random.below(entries.length)];
    if (!isObject(entry)) return undefined;
    const copy = JSON.parse(JSON.stringify(entry)) as JsonObject;
    for (const key of (site.schema as ListNode).keys) {
      const value = copy[key.name];
      copy[key.name] = typeof value === 'number' ? value + 1000 : `${String(value)}-dup`;
    }
    entries.push(copy);
    return `duplicate an entry of ${site.member}`;
  },
  // Add an absent member: when, other cases, must.
  (schema, document, random) => {
    const { sites, objects } = collect(schema, document);
    const site = random.pick(objects);
    const present = new Set(
      Object.keys(site.object).map((member) => (member.includes(':') ? member.split(':')[1] : member)),
    );
    const absent = slotTableOf(site.schema).nodes.filter((child) => child.config && !present.has(child.name));
    if (absent.length === 0) return undefined;
    const child = random.pick(absent);
    site.object[memberName(child, site.module)] = newMember(schema, child, random, valuePool(sites));
    return `add ${child.name}`;
  },
];

/** `count` mutations of `document`, each one to three mutator steps, drawn from `seed`. */
export const mutations = (schema: SchemaTree, document: JsonObject, count: number, seed: number): Mutation[] => {
  const random = new SeededRandom(seed);
  const out: Mutation[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 5; attempt++) {
    const copy = clone(document);
    const steps: string[] = [];
    const wanted = 1 + random.below(2);
    for (let step = 0; step < wanted; step++) {
      const done = random.pick(MUTATORS)(schema, copy, random);
      if (done !== undefined) steps.push(done);
    }
    if (steps.length > 0) out.push({ description: steps.join('; '), document: copy });
  }
  return out;
};
