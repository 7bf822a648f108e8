/**
 * @module scripts/test
 * `npm test`: type check (server and web UI), lint, import check (layering, no cycle), then every
 * test with coverage. `npm test` builds the web UI first when it is missing (scripts/run.mjs --web-ui):
 * its browser tests (test/web-ui) drive that build.
 * Each step must pass; the first failure stops the run with its exit code.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const bin = (path: string): string => join(root, 'node_modules', path);

interface Step {
  readonly name: string;
  readonly args: readonly string[];
}

const only = process.argv.slice(2);
const testFiles = only.length > 0 ? only : ['src/**/*.test.ts', 'test/**/*.test.ts'];

const steps: Step[] = [
  { name: 'type check (tsc --noEmit)', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', '.'] },
  { name: 'type check the web UI (tsc --noEmit -p web)', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'web'] },
  {
    name: 'lint and format (biome)',
    args: [bin('@biomejs/biome/bin/biome'), 'check', '--diagnostic-level=error', '.'],
  },
  { name: 'imports (layering, no cycle)', args: [join(root, 'scripts', 'check-imports.ts')] },
  {
    name: 'tests (node:test, c8 coverage)',
    args: [
      bin('c8/bin/c8.js'),
      '--reporter=text-summary',
      '--reporter=lcov',
      '--include=src/**',
      '--exclude=**/*.test.ts',
      '--exclude=**/*.test-support.ts',
      node,
      '--disable-warning=ExperimentalWarning',
      '--test',
      '--test-concurrency=2',
      ...testFiles,
    ],
  },
];

const skipStatic = process.env.IDCONF_TEST_ONLY === '1';
for (const step of steps) {
  if (skipStatic && !step.name.startsWith('tests')) continue;
  process.stdout.write(`\n== ${step.name}\n`);
  const result = spawnSync(node, step.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stdout.write(`\n== FAILED: ${step.name}\n`);
    process.exit(result.status ?? 1);
  }
}
