/**
 * @module bench/profile-shares
 * Where a server's samples go during a GET benchmark: reads a V8 CPU profile (`node --cpu-prof`,
 * e.g. the main thread's profile that `node bench/get-one.ts --cpu-prof` leaves in
 * bench/results/profiles/get-one) and puts each busy sample in one share of the request's work,
 * by the innermost frame of the stack that names a known part: the socket write (the system call
 * itself), the access log, authentication, NACM, the JSON encoders, the tree lookups, versions
 * and entity tags, the response writer, path and query parsing, the rest of idconf, and Node.js's
 * own HTTP code. With `--from` and `--to` (seconds since the profile started) only that window
 * counts, so that start-up and loading stay out. `--detail NAME` lists the functions of one share.
 *
 * Run: `node bench/profile-shares.ts PROFILE [--from S] [--to S] [--detail NAME]`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The shares, tried in order from the innermost frame outwards; the first that matches wins. */
const SHARES: readonly (readonly [RegExp, string])[] = [
  [/^(writeUtf8String|writeBuffer|writev|writeLatin1String|writeAsciiString) /, 'socket write (system call)'],
  [/^\(garbage collector\)/, 'garbage collection'],
  [/server\/logger|pino|sonic-boom|log-destination|redact/, 'access log'],
  [/authenticate|basic-authenticator|aaa-user|\/auth\//, 'authentication'],
  [/\/nacm\/|decisionsFor|#view /, 'NACM'],
  [/json-encode|json-writer|json-representation|encodeJson/, 'JSON encoding'],
  [/instance-path|keyed-sequence|\/persistent\/|list-instance|entry-key|b-tree/, 'tree lookups'],
  [/node-versions|versionOf|conditional-request/, 'versions and entity tags'],
  [/response-writer/, 'response writer'],
  [/data-resource-path|api-path|uri-value|resource-path|path-segments|key-values|query/, 'path and query parsing'],
  [/\/src\//, 'the rest of idconf'],
  [/_http_outgoing|writeHead|setHeader/, 'node:http, response'],
  [/_http_server|_http_common|_http_incoming|parserOn/, 'node:http, request'],
  [/node:/, 'Node.js, other'],
];

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    detail: { type: 'string' },
  },
});
const file = positionals[0];
if (file === undefined) {
  process.stderr.write('usage: profile-shares.ts PROFILE [--from S] [--to S] [--detail NAME]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const from = Number(flags.from) * 1e6;
const to = Number(flags.to) * 1e6;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const describe = (frame: CallFrame): string =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/src\//, 'src/')}:${frame.lineNumber + 1}`;

const shares = new Map<string, number>();
const detail = new Map<string, number>();
let busy = 0;
let idle = 0;
let time = 0;
for (let index = 0; index < profile.samples.length; index++) {
  time += profile.timeDeltas[index] ?? 0;
  if (time < from || time > to) continue;
  const leaf = byId.get(profile.samples[index] as number);
  if (leaf === undefined) continue;
  if (leaf.callFrame.functionName === '(idle)') {
    idle++;
    continue;
  }
  busy++;
  let share = `unattributed ${leaf.callFrame.functionName}`;
  let innermost: string | undefined;
  search: for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const text = `${frame.functionName} ${frame.url}`;
    if (innermost === undefined && frame.url !== '') innermost = describe(frame);
    for (const [pattern, name] of SHARES) {
      if (pattern.test(text)) {
        share = name;
        break search;
      }
    }
  }
  shares.set(share, (shares.get(share) ?? 0) + 1);
  if (share === flags.detail) {
    const name = innermost ?? leaf.callFrame.functionName;
    detail.set(name, (detail.get(name) ?? 0) + 1);
  }
}

const percent = (count: number): string => `${((100 * count) / Math.max(1, busy)).toFixed(1)} %`;
const lines = [
  `${busy} busy samples, ${idle} idle (${((100 * idle) / Math.max(1, busy + idle)).toFixed(0)} % of the window)`,
  '',
  '| share | of busy samples |',
  '| --- | --- |',
];
for (const [name, count] of [...shares].sort((left, right) => right[1] - left[1])) {
  lines.push(`| ${name} | ${percent(count)} |`);
}
if (flags.detail !== undefined) {
  lines.push('', `${flags.detail}, by innermost function:`);
  for (const [name, count] of [...detail].sort((left, right) => right[1] - left[1]).slice(0, 30)) {
    lines.push(`  ${percent(count).padStart(7)}  ${name}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
