/**
 * @module bench/nacm-encode
 * NACM's share of a read without HTTP, in one process: the JSON encoding of a list of N entries
 * (`bench/bench-zones.yang`, half of them in zone `red`) for a reader one key-predicate rule
 * hides the red half from, interleaved with the encoding of the same visible half without
 * NACM; and the decisions of a one-entry GET (the reader's policy, decisions and read access
 * of one entry). For profiling the filter: `node --cpu-prof bench/nacm-encode.ts`.
 *
 * Run: `node bench/nacm-encode.ts [--size 100000] [--rounds 30]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AccessScope, DataSchemaNode, InnerSchemaNode } from '../src/data/index.ts';
import { decodeJson, encodeJson, getChild } from '../src/data/index.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import { NacmPolicies } from '../src/nacm/index.ts';
import { summarize } from './statistics.ts';
import { entry } from './workload.ts';

const { values: flags } = parseArgs({
  options: { size: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '30' } },
});
const size = Number(flags.size);
const rounds = Number(flags.rounds);

const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench-zones.yang'), 'utf8')], ['ietf-netconf-acm']);
const zone = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ zone: name, ...entry(`entry-${index}`, index) }));
const blue = zone('blue', Math.floor(size / 2));
const root = decodeJson(
  schema,
  {
    'bench-zones:zones': { 'zoned-entry': [...blue, ...zone('red', size - blue.length)] },
    'bench-zones:blue-zones': { 'zoned-entry': blue },
    'ietf-netconf-acm:nacm': {
      groups: { group: [{ name: 'readers', 'user-name': ['reader'] }] },
      'rule-list': [
        {
          name: 'readers',
          group: ['readers'],
          rule: [
            {
              name: 'no-red-zone',
              path: "/bench-zones:zones/zoned-entry[zone='red']",
              'access-operations': 'read',
              action: 'deny',
            },
          ],
        },
      ],
    },
  },
  { schema, config: true },
);
const zones = schema.dataChildIndex.get('bench-zones:zones') as InnerSchemaNode & DataSchemaNode;
const blueZones = schema.dataChildIndex.get('bench-zones:blue-zones') as DataSchemaNode;
const list = zones.dataChildIndex.get('bench-zones:zoned-entry') as DataSchemaNode;
const policies = new NacmPolicies(schema);
const reader = { user: 'reader', groups: [] as string[] };

/** Encodes `node`'s instance and returns the characters written. */
const encode = (node: DataSchemaNode, access?: AccessScope): number => {
  let length = 0;
  for (const chunk of encodeJson({ schema: node, value: getChild(root, node) }, schema, access ? { access } : {}))
    length += chunk.length;
  return length;
};

const plain: number[] = [];
const filtered: number[] = [];
const ratios: number[] = [];
for (let round = 0; round < rounds + 3; round++) {
  let started = performance.now();
  const plainLength = encode(blueZones);
  const plainMs = performance.now() - started;
  started = performance.now();
  const decisions = policies.policyOf(root)?.decisionsFor(reader);
  const filteredLength = encode(zones, decisions?.readAccess([{ schema: zones }]));
  const filteredMs = performance.now() - started;
  if (Math.abs(filteredLength - plainLength) > 32) throw new Error(`${filteredLength} ≠ ${plainLength} characters`);
  // The first rounds warm the JIT up.
  if (round < 3) continue;
  plain.push(plainMs);
  filtered.push(filteredMs);
  ratios.push(filteredMs / plainMs);
}
const show = (values: readonly number[], digits: number): string => {
  const { median, min, max } = summarize(values);
  return `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
};
process.stdout.write(`encode ${blue.length} entries without NACM: ${show(plain, 1)} ms\n`);
process.stdout.write(`encode ${size} entries, the red half hidden by NACM: ${show(filtered, 1)} ms\n`);
process.stdout.write(`filtered ÷ unfiltered, round by round: ${show(ratios, 2)}×\n`);

const calls = 1_000_000;
const perCall: number[] = [];
let visible = 0;
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  for (let index = 0; index < calls; index++) {
    const decisions = policies.policyOf(root)?.decisionsFor(reader);
    const access = decisions?.readAccess([
      { schema: zones },
      { schema: list, keys: ['blue', `entry-${index % 1000}`] },
    ]);
    if (access === true) visible++;
  }
  perCall.push(((performance.now() - started) * 1e6) / calls);
}
if (visible !== calls * 5) throw new Error('a blue entry was hidden');
process.stdout.write(`the decisions of a one-entry GET: ${show(perCall, 0)} ns\n`);
