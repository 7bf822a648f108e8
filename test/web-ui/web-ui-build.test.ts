/**
 * @module test/web-ui/web-ui-build.test
 * The admin web UI's build (made first if it is missing, as `npm start` does): content-hashed
 * assets, an index page without inline script or style (the Content-Security-Policy allows
 * none), and the initial JavaScript within its budget of 150 kB gzipped.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { buildWebUi } from '../../scripts/build-web-ui.ts';
import { loadWebUiAssets } from '../../src/web-ui/index.ts';

const DIST = join(import.meta.dirname, '..', '..', 'web', 'dist');
const BUDGET = 150_000;

describe('web UI build', () => {
  let index: string;
  before(async () => {
    await buildWebUi(true);
    index = readFileSync(join(DIST, 'index.html'), 'utf8');
  });

  it('names every asset after its content, below assets/', () => {
    const assets = loadWebUiAssets(DIST);
    assert.ok(assets);
    const names = [...assets.keys()].filter((name) => name !== 'index.html');
    assert.ok(names.length >= 2);
    for (const name of names) assert.match(name, /^assets\/[\w-]+-[\w-]{8}\.(js|css)$/);
  });
  it('has no inline script or style in the page', () => {
    for (const [tag] of index.matchAll(/<script\b[^>]*>/g)) assert.match(tag, /\bsrc="\/admin\/assets\//);
    assert.doesNotMatch(index, /<script\b[^>]*>[^<]+<\/script>/);
    assert.doesNotMatch(index, /<style\b|\sstyle=|\son[a-z]+=/i);
  });
  it('keeps the initial JavaScript within 150 kB gzipped', () => {
    const scripts = [...index.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    assert.ok(scripts.length > 0);
    const size = scripts.reduce(
      (total, name) => total + gzipSync(readFileSync(join(DIST, name)), { level: 9 }).length,
      0,
    );
    assert.ok(size <= BUDGET, `the initial JavaScript is ${size} bytes gzipped`);
  });
});
