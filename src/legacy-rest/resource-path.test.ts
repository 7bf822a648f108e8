import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { InstancePath } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import { formatKeypath, formatLegacyUrl, pathValueText } from './format-path.ts';
import type { LegacyResource } from './resource-path.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { identitySchema, ltSchema } from './test-schema.test-support.ts';

/** A compact text of a path: `module:name[key,key]` steps. */
const stepsText = (path: InstancePath): string =>
  path
    .map((step) => {
      const node = step.schema;
      const name = `${node.module}:${node.name}`;
      if (node.kind === 'list' && step.keys !== undefined)
        return `${name}[${node.keys.map((key, index) => pathValueText(key, step.keys?.[index] ?? '')).join(',')}]`;
      if (node.kind === 'leaf-list' && step.value !== undefined) return `${name}[${pathValueText(node, step.value)}]`;
      return name;
    })
    .join('/');

const summary = (resource: LegacyResource): string => {
  switch (resource.kind) {
    case 'data':
      return `data ${resource.datastore} ${stepsText(resource.path)}`;
    case 'action':
      return `action ${resource.datastore} ${stepsText(resource.path)} ${resource.action.module}:${resource.action.name}`;
    case 'rpc':
      return `rpc ${resource.rpc.module}:${resource.rpc.name}`;
    case 'datastore':
      return `datastore ${resource.datastore}`;
    case 'rollback-file':
      return `rollback-file ${resource.index}`;
    default:
      return resource.kind;
  }
};

describe('resolveLegacyPath: good paths', () => {
  const schema = ltSchema();
  const cases: { path: string; expected: string }[] = [
    { path: '', expected: 'api' },
    { path: '/', expected: 'api' },
    { path: '/running', expected: 'datastore running' },
    { path: '/running/', expected: 'datastore running' },
    { path: '/operational', expected: 'datastore operational' },
    { path: '/running/_rollback', expected: 'rollback-apply' },
    { path: '/rollbacks', expected: 'rollbacks' },
    { path: '/rollbacks/', expected: 'rollbacks' },
    { path: '/rollbacks/0', expected: 'rollback-file 0' },
    { path: '/rollbacks/17', expected: 'rollback-file 17' },
    { path: '/operations/lt:ping', expected: 'rpc lt:ping' },
    { path: '/operations/l:ping', expected: 'rpc lt:ping' },
    { path: '/operations/m:ping', expected: 'rpc lt2:ping' },
    { path: '/running/lt:top', expected: 'data running lt:top' },
    { path: '/running/l:top', expected: 'data running lt:top' },
    { path: '/running/lt2:top/other', expected: 'data running lt2:top/lt2:other' },
    { path: '/running/l:top/name', expected: 'data running lt:top/lt:name' },
    { path: '/running/l:top/inner/deeper/y/', expected: 'data running lt:top/lt:inner/lt:deeper/lt:y' },
    { path: '/running/l:top/extra', expected: 'data running lt:top/lt2:extra' },
    { path: '/running/l:top/m:extra', expected: 'data running lt:top/lt2:extra' },
    { path: '/running/l:top/lt2:more/w', expected: 'data running lt:top/lt2:more/lt2:w' },
    { path: '/running/l:top/fast', expected: 'data running lt:top/lt:fast' },
    { path: '/running/l:top/multi', expected: 'data running lt:top/lt:multi' },
    { path: '/running/l:top/multi/a,beta', expected: 'data running lt:top/lt:multi[a,lt:beta]' },
    { path: '/running/l:top/multi/a,l:alpha', expected: 'data running lt:top/lt:multi[a,lt:alpha]' },
    { path: '/running/l:top/multi/a,lt:alpha', expected: 'data running lt:top/lt:multi[a,lt:alpha]' },
    { path: '/running/l:top/multi/a,m:alpha', expected: 'data running lt:top/lt:multi[a,lt2:alpha]' },
    { path: '/running/l:top/multi/a,lt2:alpha/v', expected: 'data running lt:top/lt:multi[a,lt2:alpha]/lt:v' },
    {
      path: '/running/l:top/multi/a,beta/sub/-3/w',
      expected: 'data running lt:top/lt:multi[a,lt:beta]/lt:sub[-3]/lt:w',
    },
    { path: '/running/l:top/multi/a%2Cb,beta', expected: 'data running lt:top/lt:multi[a,b,lt:beta]' },
    { path: '/running/l:top/multi/"a,b",beta', expected: 'data running lt:top/lt:multi[a,b,lt:beta]' },
    { path: '/running/l:top/multi/%22a/b%22,beta', expected: 'data running lt:top/lt:multi[a/b,lt:beta]' },
    { path: '/running/l:top/multi/"a/b",beta', expected: 'data running lt:top/lt:multi[a/b,lt:beta]' },
    { path: '/running/l:top/multi/a%2Fb,beta', expected: 'data running lt:top/lt:multi[a/b,lt:beta]' },
    { path: '/running/l:top/multi/%E2%82%AC,beta', expected: 'data running lt:top/lt:multi[€,lt:beta]' },
    { path: '/running/l:top/multi/,beta', expected: 'data running lt:top/lt:multi[,lt:beta]' },
    { path: '/running/l:top/multi/"",beta', expected: 'data running lt:top/lt:multi[,lt:beta]' },
    { path: '/running/l:top/ints/-7,true', expected: 'data running lt:top/lt:ints[-7,true]' },
    { path: '/running/l:top/single/x', expected: 'data running lt:top/lt:single[x]' },
    { path: '/running/l:top/single/"a,b"', expected: 'data running lt:top/lt:single[a,b]' },
    { path: '/running/l:top/tags', expected: 'data running lt:top/lt:tags' },
    { path: '/running/l:top/tags/a,b', expected: 'data running lt:top/lt:tags[a,b]' },
    { path: '/running/l:top/tags/%22x/y%22', expected: 'data running lt:top/lt:tags[x/y]' },
    { path: '/running/roots/r1/nested/n1', expected: 'data running lt:roots[r1]/lt:nested[n1]' },
    { path: '/operational/l:top/state', expected: 'data operational lt:top/lt:state' },
    { path: '/operational/l:top/stats', expected: 'data operational lt:top/lt:stats' },
    { path: '/running/l:top/_operations/restart', expected: 'action running lt:top lt:restart' },
    {
      path: '/running/l:top/multi/a,beta/_operations/reset',
      expected: 'action running lt:top/lt:multi[a,lt:beta] lt:reset',
    },
    {
      path: '/running/l:top/multi/a,beta/_operations/l:reset',
      expected: 'action running lt:top/lt:multi[a,lt:beta] lt:reset',
    },
  ];
  for (const { path, expected } of cases) {
    it(`${path || "''"} → ${expected}`, () => {
      assert.equal(summary(resolveLegacyPath(schema, path)), expected);
    });
  }
});

describe('resolveLegacyPath: bad paths', () => {
  const schema = ltSchema();
  const cases: { path: string; code: string; message?: RegExp; errorPath?: string }[] = [
    { path: 'running', code: 'MALFORMED_MESSAGE' },
    { path: '/config', code: 'RESOURCE_NOT_FOUND' },
    { path: '/startup', code: 'RESOURCE_NOT_FOUND' },
    { path: '/candidate/x', code: 'RESOURCE_NOT_FOUND' },
    { path: '/api', code: 'RESOURCE_NOT_FOUND' },
    { path: '/operations', code: 'RESOURCE_NOT_FOUND' },
    { path: '/operations/lt:ping/x', code: 'RESOURCE_NOT_FOUND' },
    { path: '/operations/nope', code: 'UNKNOWN_ELEMENT' },
    { path: '/operations/ping', code: 'INVALID_VALUE', message: /ambiguous.*lt:ping, lt2:ping/ },
    { path: '/rollbacks/x', code: 'RESOURCE_NOT_FOUND' },
    { path: '/rollbacks/01', code: 'RESOURCE_NOT_FOUND' },
    { path: '/rollbacks/-1', code: 'RESOURCE_NOT_FOUND' },
    { path: '/rollbacks/0/x', code: 'RESOURCE_NOT_FOUND' },
    // A list entry after its list's path was resolved once (the remembered route) and not.
    { path: '/running/l:top/multi//a,beta', code: 'MALFORMED_MESSAGE' },
    { path: '/running/l:top/multi/a%zz,beta', code: 'MALFORMED_MESSAGE' },
    { path: '/running/l:top/multi/a', code: 'INVALID_VALUE', errorPath: '/lt:top/multi' },
    { path: '/running/l:top/multi/a,beta,c', code: 'INVALID_VALUE', errorPath: '/lt:top/multi' },
    { path: '/operational/_rollback', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/_rollback/x', code: 'UNKNOWN_ELEMENT' },
    { path: '/running//l:top', code: 'MALFORMED_MESSAGE', message: /empty segment/ },
    { path: '/running/l:top//', code: 'MALFORMED_MESSAGE', message: /empty segment/ },
    { path: '/running/top', code: 'INVALID_VALUE', message: /ambiguous/, errorPath: '/' },
    { path: '/running/nope', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/x:top', code: 'UNKNOWN_NAMESPACE', errorPath: '/' },
    { path: '/running/l:top/nope', code: 'UNKNOWN_ELEMENT', errorPath: '/lt:top' },
    { path: '/running/l:top/l:extra', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/l:top/name/x', code: 'UNKNOWN_ELEMENT', message: /no child nodes/, errorPath: '/lt:top/name' },
    { path: '/running/l:top/tags/a/b', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/l:top/mode', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/l:top/a%20b', code: 'UNKNOWN_ELEMENT' },
    {
      path: '/running/l:top/multi/a',
      code: 'INVALID_VALUE',
      message: /2 key\(s\).*gives 1/,
      errorPath: '/lt:top/multi',
    },
    { path: '/running/l:top/single/a,b', code: 'INVALID_VALUE', message: /1 key\(s\).*gives 2/ },
    { path: '/running/l:top/multi/a,beta,c', code: 'INVALID_VALUE', message: /gives 3/ },
    { path: '/running/l:top/multi/a/b/c', code: 'INVALID_VALUE' },
    {
      path: '/running/l:top/multi/a,nope',
      code: 'INVALID_VALUE',
      message: /does not exist/,
      errorPath: '/lt:top/multi',
    },
    { path: '/running/l:top/multi/a,alpha', code: 'INVALID_VALUE', message: /ambiguous.*lt:alpha, lt2:alpha/ },
    { path: '/running/l:top/multi/a,zz:alpha', code: 'INVALID_VALUE' },
    { path: '/running/l:top/multi/a,kind', code: 'INVALID_VALUE', message: /not derived|does not exist/ },
    {
      path: '/running/l:top/multi/a,beta/sub/x',
      code: 'INVALID_VALUE',
      errorPath: "/lt:top/multi[name='a'][kind='lt:beta']/sub",
    },
    { path: '/running/l:top/multi/a,beta/sub/99999999999', code: 'INVALID_VALUE' },
    { path: '/running/l:top/ints/1,maybe', code: 'INVALID_VALUE' },
    { path: '/running/l:top/ints/70000,true', code: 'INVALID_VALUE' },
    { path: '/running/l:top/multi/"a,beta', code: 'MALFORMED_MESSAGE', message: /unterminated quote/ },
    { path: '/running/l:top/multi/%22a,beta', code: 'MALFORMED_MESSAGE', message: /unterminated quote/ },
    { path: '/running/l:top/multi/a"b",beta', code: 'MALFORMED_MESSAGE', message: /quote/ },
    { path: '/running/l:top/multi/a%2,beta', code: 'MALFORMED_MESSAGE', message: /percent/ },
    { path: '/running/l:top/multi/%ff,beta', code: 'MALFORMED_MESSAGE', message: /UTF-8/ },
    {
      path: '/running/l:top/multi/a%00b,beta',
      code: 'MALFORMED_MESSAGE',
      message: /"a%00b,beta" decodes to a control character/,
    },
    { path: '/running/l:top/multi/a,be%1Bta', code: 'MALFORMED_MESSAGE', message: /control character/ },
    { path: '/running/l:top%01', code: 'MALFORMED_MESSAGE', message: /control character/ },
    { path: '/running/l:top/multi/_operations/reset', code: 'INVALID_VALUE', message: /without its key values/ },
    { path: '/running/l:top/stats', code: 'RESOURCE_NOT_FOUND', message: /state data/ },
    { path: '/running/l:top/state', code: 'RESOURCE_NOT_FOUND' },
    { path: '/operational/l:top/stats/1', code: 'INVALID_VALUE', message: /keyless/ },
    { path: '/running/_operations/restart', code: 'MALFORMED_MESSAGE' },
    { path: '/running/l:top/_operations', code: 'MALFORMED_MESSAGE' },
    { path: '/running/l:top/_operations/restart/x', code: 'MALFORMED_MESSAGE' },
    { path: '/running/l:top/_operations/nope', code: 'UNKNOWN_ELEMENT' },
    { path: '/running/l:top/inner/_operations/restart', code: 'UNKNOWN_ELEMENT' },
  ];
  for (const { path, code, message, errorPath } of cases) {
    it(`${path} → ${code}`, () => {
      assert.throws(
        () => resolveLegacyPath(schema, path),
        (error: unknown) => {
          assert.ok(isManagementError(error), String(error));
          assert.equal(error.code, code, error.message);
          if (message !== undefined) assert.match(error.message, message);
          if (errorPath !== undefined) assert.equal(error.path, errorPath);
          return true;
        },
      );
    });
  }
});

describe('resolveLegacyPath: the identity model', () => {
  const schema = identitySchema();
  const cases: { path: string; expected: string }[] = [
    {
      path: '/running/profiles/profile/token-service,as:oauth-service',
      expected: 'data running base:profiles/base:profile[token-service,profile-oauth:oauth-service]',
    },
    {
      path: '/running/profiles/profile/token-service,profile-oauth:oauth-service',
      expected: 'data running base:profiles/base:profile[token-service,profile-oauth:oauth-service]',
    },
    {
      path: '/running/profiles/profile/token-service,oauth-service',
      expected: 'data running base:profiles/base:profile[token-service,profile-oauth:oauth-service]',
    },
    {
      path: '/running/base:profiles/base:profile/token-service,as:oauth-service/endpoints/endpoint/token',
      expected:
        'data running base:profiles/base:profile[token-service,profile-oauth:oauth-service]/base:endpoints/base:endpoint[token]',
    },
    {
      path: '/running/environments/environment/base-url',
      expected: 'data running base:environments/base:environment/base:base-url',
    },
    {
      path: '/running/nacm/groups/group/admin',
      expected: 'data running ietf-netconf-acm:nacm/ietf-netconf-acm:groups/ietf-netconf-acm:group[admin]',
    },
    {
      path: '/running/facilities/crypto/_operations/add-signature-verification-key',
      expected: 'action running base:facilities/base:crypto base:add-signature-verification-key',
    },
  ];
  for (const { path, expected } of cases) {
    it(path, () => assert.equal(summary(resolveLegacyPath(schema, path)), expected));
  }

  it('writes the entry back as a URL and a keypath', () => {
    const resource = resolveLegacyPath(schema, '/running/profiles/profile/token-service,as:oauth-service');
    assert.equal(resource.kind, 'data');
    if (resource.kind !== 'data') return;
    assert.equal(
      formatLegacyUrl(schema, 'running', resource.path),
      '/admin/api/rest/running/profiles/profile/token-service,profile-oauth:oauth-service',
    );
    assert.equal(
      formatKeypath(schema, resource.path),
      "/base:profiles/base:profile[base:id='token-service'][base:type='as:oauth-service']",
    );
  });
});

describe('formatLegacyUrl', () => {
  const schema = ltSchema();
  const cases: { path: string; url: string; keypath: string }[] = [
    { path: '/running/l:top', url: '/admin/api/rest/running/lt:top', keypath: '/l:top' },
    { path: '/running/roots/r1', url: '/admin/api/rest/running/roots/r1', keypath: "/l:roots[l:id='r1']" },
    { path: '/running/l:top/m:extra', url: '/admin/api/rest/running/lt:top/lt2:extra', keypath: '/l:top/m:extra' },
    {
      path: '/running/l:top/multi/%22a%2Cb/c%22,m:alpha/sub/4',
      url: '/admin/api/rest/running/lt:top/multi/a%2Cb%2Fc,lt2:alpha/sub/4',
      keypath: "/l:top/l:multi[l:name='a,b/c'][l:kind='m:alpha']/l:sub[l:n='4']",
    },
    {
      path: "/running/l:top/multi/it's,beta",
      url: "/admin/api/rest/running/lt:top/multi/it's,lt:beta",
      keypath: `/l:top/l:multi[l:name="it's"][l:kind='l:beta']`,
    },
    {
      path: '/running/l:top/tags/a%20b',
      url: '/admin/api/rest/running/lt:top/tags/a%20b',
      keypath: "/l:top/l:tags[.='a b']",
    },
  ];
  for (const { path, url, keypath } of cases) {
    it(path, () => {
      const resource = resolveLegacyPath(schema, path);
      assert.equal(resource.kind, 'data');
      if (resource.kind !== 'data') return;
      assert.equal(formatLegacyUrl(schema, 'running', resource.path), url);
      assert.equal(formatKeypath(schema, resource.path), keypath);
      // The URL reads back as the same path.
      const again = resolveLegacyPath(schema, url.slice('/admin/api/rest'.length));
      assert.equal(again.kind === 'data' ? stepsText(again.path) : again.kind, stepsText(resource.path));
    });
  }

  it('round-trips any key value without a quote (a quote always delimits, spec §3.2)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('"')),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        (name, n) => {
          const url = `/running/l:top/multi/${encodeURIComponent(name)},beta/sub/${n}`;
          const resource = resolveLegacyPath(schema, url);
          if (resource.kind !== 'data') return false;
          const written = formatLegacyUrl(schema, 'running', resource.path).slice('/admin/api/rest'.length);
          const again = resolveLegacyPath(schema, written);
          return again.kind === 'data' && stepsText(again.path) === stepsText(resource.path);
        },
      ),
    );
  });
});

describe('resolveLegacyPath: fuzz', () => {
  const schema = ltSchema();
  const pieces = [
    '/',
    'running',
    'operational',
    'l:top',
    'multi',
    'a',
    ',',
    'beta',
    '"',
    '%22',
    '%2F',
    '%2C',
    '%',
    '%zz',
    '%ff',
    '_operations',
    'reset',
    'sub',
    '1',
    'tags',
    ':',
    'rollbacks',
    'operations',
  ];
  it('random paths either resolve or throw a ManagementError', () => {
    const arbitraryPath = fc.oneof(
      fc.string(),
      fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')),
      fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => `/${parts.join('/')}`),
    );
    fc.assert(
      fc.property(arbitraryPath, (path) => {
        try {
          resolveLegacyPath(schema, path);
        } catch (error) {
          if (!isManagementError(error)) throw error;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
