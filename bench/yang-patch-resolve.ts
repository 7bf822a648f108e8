/**
 * @module bench/yang-patch-resolve
 * The CPU time of reading and resolving a long YANG Patch of one `create` per list entry (the
 * patch of `bench/memory.ts --yang-patch`), in one process, without HTTP, the commit or
 * validation: `readYangPatchJson` and `PatchResolution.add` of every edit, then the edit-id check.
 * Each round reads the same text again; the first round includes the compilation of the code.
 * `--roots` runs the same on other checkouts of idconf (e.g. `git worktree add --detach DIR
 * main`), alternating between them, so that a change can be compared on a busy machine.
 *
 * Run: `node bench/yang-patch-resolve.ts [--edits 200000] [--rounds 5] [--roots DIR,DIR…]`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    edits: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    roots: { type: 'string', default: join(import.meta.dirname, '..') },
    child: { type: 'string' },
  },
});
const EDITS = Number((flags.edits ?? '').replaceAll('_', ''));
const ROUNDS = Math.max(1, Math.floor(Number(flags.rounds)));

interface Resolution {
  add(edit: unknown): void;
}

/** Runs the rounds in this process on the checkout at `root`; prints the CPU milliseconds of each. */
const measure = async (root: string): Promise<void> => {
  const { restconfTestSchema } = await import(join(root, 'src/restconf/test-schema.test-support.ts'));
  const { parseDataResourcePath } = await import(join(root, 'src/restconf/data-resource-path.ts'));
  const { readYangPatchJson } = await import(join(root, 'src/restconf/yang-patch-document.ts'));
  const { PatchResolution } = await import(join(root, 'src/restconf/yang-patch-edits.ts'));
  const { createPatch } = await import(join(root, 'bench/workload.ts'));
  const schema = restconfTestSchema([], [readFileSync(join(root, 'bench/bench.yang'), 'utf8')]);
  const target = parseDataResourcePath('/bench:bench', schema);
  const text: string = createPatch(0, EDITS);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    const patch = readYangPatchJson(text);
    const resolution: Resolution = new PatchResolution(
      target,
      schema,
      patch.editCount === undefined ? {} : { editCount: patch.editCount },
    );
    for (const edit of patch.edits) resolution.add(edit);
    patch.checkEditIds();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  process.stdout.write(`${JSON.stringify(times)}\n`);
};

if (flags.child !== undefined) {
  await measure(flags.child);
} else {
  const roots = (flags.roots ?? '').split(',').filter((root) => root !== '');
  const results = new Map<string, number[]>(roots.map((root) => [root, []]));
  // Two passes, alternating, each root in a fresh process.
  for (let pass = 0; pass < 2; pass++) {
    for (const root of roots) {
      const output = execFileSync(
        process.execPath,
        [import.meta.filename, '--child', root, '--edits', String(EDITS), '--rounds', String(ROUNDS)],
        { encoding: 'utf8' },
      );
      const times = JSON.parse(output) as number[];
      process.stderr.write(`[yang-patch-resolve] ${root}: ${times.map((time) => time.toFixed(0)).join(' ')} ms\n`);
      // The first round of each process compiles the code: left out.
      results.get(root)?.push(...times.slice(1));
    }
  }
  for (const [root, times] of results) {
    const sorted = [...times].sort((left, right) => left - right);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    process.stdout.write(
      `${root}: ${EDITS} edits read and resolved in ${median.toFixed(0)} ms of CPU (median; ${(sorted[0] ?? 0).toFixed(0)}–${(sorted.at(-1) ?? 0).toFixed(0)})\n`,
    );
  }
}
