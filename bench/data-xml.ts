/**
 * @module bench/data-xml
 * Benchmark (not a test): encoding and decoding N entries of the benchmark model's list as XML,
 * beside the JSON codec on the same tree, and the streamed encoding (chunks turned into UTF-8, as
 * a server sends them) at N and N/10, to show that the cost per entry stays the same.
 * Run: `node --expose-gc bench/data-xml.ts [entries]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJson } from '../src/data/codec/json/json-decode.ts';
import { encodeJsonString } from '../src/data/codec/json/json-encode.ts';
import { decodeXmlDocument } from '../src/data/codec/xml/xml-decode.ts';
import { encodeXml, encodeXmlString } from '../src/data/codec/xml/xml-encode.ts';
import { RESTCONF_DATA_WRAPPER } from '../src/data/codec/xml/xml-wrapper.ts';
import type { DataTree } from '../src/data/instance/instance-node.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const count = Number(process.argv[2] ?? 100_000);
const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);

const plainOf = (entries: number): unknown => ({
  'bench:bench': {
    label: 'benchmark',
    entry: Array.from({ length: entries }, (_, index) => ({
      name: `entry-${index}`,
      value: index,
      enabled: index % 2 === 0,
      description: `the entry number ${index}`,
      details: { counter: index * 7, note: `note ${index}` },
    })),
  },
});

/** Median times of `runs` interleaved rounds of each job (interleaving shares machine noise fairly). */
const timeAll = (runs: number, jobs: readonly (() => void)[]): number[] => {
  for (const job of jobs) job();
  const samples = jobs.map((): number[] => []);
  for (let round = 0; round < runs; round++) {
    jobs.forEach((job, index) => {
      const start = performance.now();
      job();
      samples[index]?.push(performance.now() - start);
    });
  }
  return samples.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number);
};

/** Streams the encoding as a server would: each chunk becomes UTF-8 bytes, then is dropped. */
const streamXml = (tree: DataTree): number => {
  let bytes = 0;
  for (const chunk of encodeXml(tree, schema, { wrapper: RESTCONF_DATA_WRAPPER })) bytes += Buffer.byteLength(chunk);
  return bytes;
};

const options = { schema, config: true };
const tree = decodeJson(schema, plainOf(count), options);
const small = decodeJson(schema, plainOf(count / 10), options);
const xml = encodeXmlString(tree, schema, { wrapper: RESTCONF_DATA_WRAPPER });
const same = encodeJsonString(decodeXmlDocument(schema, xml, options), schema) === encodeJsonString(tree, schema);

const [encodeJson = 0, encodeXmlText = 0, stream = 0, encodeSmall = 0, decode = 0] = timeAll(7, [
  () => encodeJsonString(tree, schema),
  () => encodeXmlString(tree, schema, { wrapper: RESTCONF_DATA_WRAPPER }),
  () => streamXml(tree),
  () => streamXml(small),
  () => decodeXmlDocument(schema, xml, options),
]);

const row = (name: string, ms: number): string => `${name.padEnd(40)} ${ms.toFixed(1).padStart(8)} ms`;
print(`${count} entries, ${(xml.length / 1e6).toFixed(1)} MB of XML, decodes to the encoded tree: ${same}`);
print(row('encodeJson (same tree)', encodeJson));
print(row('encodeXml (joined string)', encodeXmlText));
print(row('encodeXml (streamed to UTF-8 chunks)', stream));
print(row(`the same at ${count / 10} entries`, encodeSmall));
const perEntry = (ms: number, entries: number): string => `${((ms * 1e6) / entries).toFixed(0)} ns`;
print(
  `${'streamed, per entry at N/10 and at N'.padEnd(40)} ${perEntry(encodeSmall, count / 10)}, ${perEntry(stream, count)}`,
);
print(row('decodeXmlDocument (text → tree)', decode));
