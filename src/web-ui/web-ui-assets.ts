/**
 * @module web-ui/web-ui-assets
 * The built files of the admin web UI, read once into memory with a gzip copy of each text
 * file: `index.html` (named the same on every build) and the content-hashed files below
 * `assets/` (a new name for new content, so they can be cached for good).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One file ready to send. */
export interface WebUiAsset {
  readonly contentType: string;
  readonly body: Buffer;
  /** The gzip encoding, when it is smaller. */
  readonly gzip: Buffer | undefined;
  /** True for files whose name holds a digest of their content (`assets/…`): cacheable for good. */
  readonly immutable: boolean;
}

/** The files of a build, by their path below the UI's root (`index.html`, `assets/index-3f2a.js`). */
export type WebUiAssets = ReadonlyMap<string, WebUiAsset>;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** The directory every hashed file is built into. */
export const HASHED_ASSETS_DIR = 'assets';

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/**
 * Reads the build in `dir`; undefined when it has no `index.html` (not built). Files of unknown
 * types (source maps among them) are not served.
 */
export const loadWebUiAssets = (dir: string): WebUiAssets | undefined => {
  try {
    if (!statSync(join(dir, 'index.html')).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const assets = new Map<string, WebUiAsset>();
  for (const file of listFiles(dir)) {
    const extension = extname(file);
    const contentType = CONTENT_TYPES[extension];
    if (contentType === undefined) continue;
    const name = relative(dir, file).split(sep).join('/');
    const body = readFileSync(file);
    const compressed = COMPRESSIBLE.has(extension) ? gzipSync(body, { level: 9 }) : undefined;
    assets.set(name, {
      contentType,
      body,
      gzip: compressed !== undefined && compressed.length < body.length ? compressed : undefined,
      immutable: name.startsWith(`${HASHED_ASSETS_DIR}/`),
    });
  }
  return assets;
};
