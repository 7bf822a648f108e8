/**
 * @module scripts/build-web-ui
 * Builds the admin web UI (web/) into web/dist with Vite: `index.html` and content-hashed files
 * below `assets/`, served at /admin by `idconf serve`. `--if-missing` builds only when there is no
 * build yet or a source is newer than it (what `npm start` and `npm test` run).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..');
const WEB = join(ROOT, 'web');
const OUT = join(WEB, 'dist');

/** The newest modification time among the UI's sources (web/ without its build). */
const newestSource = (): number => {
  let newest = 0;
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== OUT) visit(path);
      } else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  visit(WEB);
  // The compact schema format the UI reads is defined on the server's side.
  newest = Math.max(newest, statSync(join(ROOT, 'src/yang/compact/compact-schema-format.ts')).mtimeMs);
  return newest;
};

const builtAt = (): number | undefined => {
  try {
    return statSync(join(OUT, 'index.html')).mtimeMs;
  } catch {
    return undefined;
  }
};

/** Builds the UI; with `ifMissing`, only when the build is absent or older than a source. */
export const buildWebUi = async (ifMissing = false): Promise<boolean> => {
  const built = builtAt();
  if (ifMissing && built !== undefined && built >= newestSource()) return false;
  await build({
    root: WEB,
    base: '/admin/',
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      assetsDir: 'assets',
      sourcemap: false,
      // A strict CSP allows no inline script: the modulepreload polyfill is not needed by the
      // browsers the UI supports.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      reportCompressedSize: false,
    },
  });
  return true;
};

if (import.meta.main) {
  const ifMissing = process.argv.includes('--if-missing');
  const started = Date.now();
  const built = await buildWebUi(ifMissing);
  if (built) process.stdout.write(`idconf: built the admin web UI into web/dist in ${Date.now() - started} ms\n`);
}
