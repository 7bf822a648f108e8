/**
 * @module restconf/request-parsing.fuzz.test
 * Fuzzing: random paths and queries built from RESTCONF-like pieces and arbitrary characters
 * either parse or throw a ManagementError — never a TypeError, URIError or anything else.
 * The runs are seeded so that a failure reproduces.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isManagementError } from '../errors/index.ts';
import { unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { parseOperationsPath } from './operations-path.ts';
import type { RestconfMethod } from './query-parameters.ts';
import { parseQuery } from './query-parameters.ts';
import type { ResourceTarget } from './resource-target.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();

const PATH_PIECES = [
  '/',
  '//',
  '=',
  ',',
  ':',
  '%',
  '%2',
  '%2C',
  '%2F',
  '%3A',
  '%00',
  '%FF',
  '%C3%A9',
  '+',
  ' ',
  'example-jukebox:',
  'jukebox',
  'library',
  'artist',
  'album',
  'song',
  'playlist',
  'player',
  'gap',
  't-paths:',
  'top',
  'multi',
  'tags',
  'numbers',
  'colored',
  'paint',
  'keyless',
  'blob',
  'ch',
  'changed',
  'red',
  'to:',
  'blue',
  'base:',
  'profiles',
  'profile',
  'oauth-service',
  'as:',
  'facilities',
  'crypto',
  'add-signing-key',
  'example-actions:',
  'interfaces',
  'interface',
  'reset',
  'example-ops:',
  'reboot',
  'nope:',
  '0',
  '-5',
  '300',
  'Foo%20Fighters',
];

const VALID_PATHS = [
  '/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light/song=Bridge%20Burning',
  '/example-jukebox:jukebox/playlist=Foo-One/song=1',
  '/t-paths:top/multi=a%2Cb,-5,',
  '/t-paths:top/colored=to:red/shade=x',
  '/t-paths:top/tags=a,b',
  '/profiles/profile=token-service,oauth-service/settings/authorization-server',
  '/example-actions:interfaces/interface=eth0/reset',
];

/** A valid path with one stretch replaced by a piece: deep paths that fail late, or not at all. */
const mutatedPath: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...VALID_PATHS), fc.nat(), fc.nat({ max: 6 }), fc.constantFrom('', ...PATH_PIECES))
  .map(([path, at, length, piece]) => {
    const start = at % (path.length + 1);
    return path.slice(0, start) + piece + path.slice(start + length);
  });

const QUERY_PIECES = [
  '&',
  '=',
  '%',
  '%2F',
  '+',
  'depth',
  'content',
  'fields',
  'with-defaults',
  'insert',
  'point',
  'filter',
  'rollback-comment',
  'rollback-label',
  'rollback-id',
  'first',
  'after',
  'before',
  'true',
  'config',
  'trim',
  'unbounded',
  '1',
  '65536',
  'library',
  '(',
  ')',
  ';',
  '/',
  '/example-jukebox:jukebox/playlist=Foo/song=1',
  '/t-paths:top/tags=a',
];

const METHODS: readonly RestconfMethod[] = ['OPTIONS', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const fromPieces = (pieces: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
      ),
      {
        maxLength: 14,
      },
    )
    .map((parts) => parts.join(''));

/** Runs `fn`; only a ManagementError may escape it. */
const onlyManagementErrors = (fn: () => unknown): void => {
  try {
    fn();
  } catch (error) {
    assert.ok(isManagementError(error), `unexpected ${String(error)}`);
  }
};

const RUNS = { seed: 8040, numRuns: 3000 };

describe('request parsing never throws anything but ManagementError', () => {
  it('data resource paths', () => {
    fc.assert(
      fc.property(fromPieces(PATH_PIECES), (path) => {
        onlyManagementErrors(() => parseDataResourcePath(path, schema));
        onlyManagementErrors(() => parseDataResourcePath(`/${path}`, schema));
      }),
      RUNS,
    );
  });
  it('mutated valid paths', () => {
    fc.assert(
      fc.property(mutatedPath, (path) => onlyManagementErrors(() => parseDataResourcePath(path, schema))),
      RUNS,
    );
  });
  it('operations paths', () => {
    fc.assert(
      fc.property(fromPieces(PATH_PIECES), (path) =>
        onlyManagementErrors(() => parseOperationsPath(`/${path}`, schema)),
      ),
      RUNS,
    );
  });
  it('queries against several targets and methods', () => {
    const targets: ResourceTarget[] = [
      '',
      '/example-jukebox:jukebox',
      '/example-jukebox:jukebox/playlist=Foo',
      '/example-jukebox:jukebox/playlist=Foo/song=2',
      '/t-paths:top/tags=x',
      '/example-ops:reboot',
    ].map((path) => parseDataResourcePath(path, schema));
    fc.assert(
      fc.property(
        fromPieces(QUERY_PIECES),
        fc.constantFrom(...METHODS),
        fc.constantFrom(...targets),
        (query, method, target) => onlyManagementErrors(() => parseQuery(query, { method, target, schema })),
      ),
      RUNS,
    );
  });
  it('body wrappers', () => {
    const reboot = schema.rpcs.find((rpc) => rpc.name === 'reboot');
    assert.ok(reboot !== undefined);
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        onlyManagementErrors(() => unwrapDatastoreBody(body));
        onlyManagementErrors(() => unwrapOperationInput(body, reboot));
        onlyManagementErrors(() => unwrapDatastoreBody({ data: body }));
        onlyManagementErrors(() => unwrapOperationInput({ input: body }, reboot));
      }),
      { seed: 8040, numRuns: 500 },
    );
  });
});
