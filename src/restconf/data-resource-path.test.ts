/**
 * @module restconf/data-resource-path.test
 * Tables of good and bad paths below `{+restconf}/data`: module names, list keys (percent-
 * encoded, empty, several, typed, identityrefs in their tolerated forms), leaf-list values,
 * actions and RPCs, and the error (code, error-path) each bad path gets.
 * @see RFC 8040 §3.5.3
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { ErrorCode } from '../errors/index.ts';
import { identityValue } from '../yang/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import type { DataResourceTarget } from './resource-target.ts';
import { assertManagementError } from './test-assertions.test-support.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();
const parse = (path: string | readonly string[]): DataResourceTarget => parseDataResourcePath(path, schema);

/** A short text of a target: kind, instance path, and the operation's name. */
const summary = (target: DataResourceTarget): string => {
  switch (target.kind) {
    case 'datastore':
      return 'datastore';
    case 'data':
      return `data ${formatInstancePath(target.path)}`;
    case 'action':
      return `action ${target.action.name} of ${formatInstancePath(target.path)}`;
    case 'rpc':
      return `rpc ${target.rpc.module}:${target.rpc.name}`;
  }
};

const keysOf = (path: InstancePath, index = path.length - 1): unknown => path[index]?.keys;

describe('parseDataResourcePath: good paths', () => {
  const cases: { name: string; path: string; expected: string }[] = [
    { name: 'empty path is the datastore', path: '', expected: 'datastore' },
    { name: '"/" is the datastore', path: '/', expected: 'datastore' },
    { name: 'top-level container', path: '/example-jukebox:jukebox', expected: 'data /example-jukebox:jukebox' },
    {
      name: 'a trailing slash is tolerated',
      path: '/example-jukebox:jukebox/library/',
      expected: 'data /example-jukebox:jukebox/library',
    },
    {
      name: 'percent-encoded key with a space',
      path: '/example-jukebox:jukebox/library/artist=Foo%20Fighters',
      expected: "data /example-jukebox:jukebox/library/artist[name='Foo Fighters']",
    },
    {
      name: 'a list without keys addresses all entries',
      path: '/example-jukebox:jukebox/library/artist',
      expected: 'data /example-jukebox:jukebox/library/artist',
    },
    {
      name: 'a percent-encoded api-identifier (client encoded the colon)',
      path: '/example-jukebox%3Ajukebox',
      expected: 'data /example-jukebox:jukebox',
    },
    {
      name: 'a repeated module name where it does not change',
      path: '/example-jukebox:jukebox/example-jukebox:library',
      expected: 'data /example-jukebox:jukebox/library',
    },
    {
      name: 'three keys',
      path: '/t-paths:top/multi=x,-5,z',
      expected: "data /t-paths:top/multi[a='x'][b='-5'][c='z']",
    },
    {
      name: 'empty key values',
      path: '/t-paths:top/multi=,1,',
      expected: "data /t-paths:top/multi[a=''][b='1'][c='']",
    },
    {
      name: 'a comma inside a key as %2C',
      path: '/t-paths:top/multi=a%2Cb,1,c',
      expected: "data /t-paths:top/multi[a='a,b'][b='1'][c='c']",
    },
    {
      name: 'reserved characters in a key (RFC 8040 §3.5.3 example, errata 7884)',
      path: '/t-paths:top/multi=%2C%27%22%3A%22%20%2F,1,foo',
      expected: "data /t-paths:top/multi[a=\",'\":\" /\"][b='1'][c='foo']",
    },
    {
      name: 'a "+" in a key stays a plus sign',
      path: '/t-paths:top/multi=a+b,1,c',
      expected: "data /t-paths:top/multi[a='a+b'][b='1'][c='c']",
    },
    { name: 'leaf-list entry', path: '/t-paths:top/tags=blue', expected: "data /t-paths:top/tags[.='blue']" },
    {
      name: 'a raw comma in a leaf-list value belongs to the value',
      path: '/t-paths:top/tags=a,b',
      expected: "data /t-paths:top/tags[.='a,b']",
    },
    { name: 'empty leaf-list value', path: '/t-paths:top/tags=', expected: "data /t-paths:top/tags[.='']" },
    { name: 'all leaf-list entries', path: '/t-paths:top/numbers', expected: 'data /t-paths:top/numbers' },
    { name: 'typed leaf-list value', path: '/t-paths:top/numbers=7', expected: "data /t-paths:top/numbers[.='7']" },
    { name: 'a leaf inside a choice', path: '/t-paths:top/in-case', expected: 'data /t-paths:top/in-case' },
    { name: 'anydata', path: '/t-paths:top/blob', expected: 'data /t-paths:top/blob' },
    { name: 'a keyless list as a whole', path: '/t-paths:top/keyless', expected: 'data /t-paths:top/keyless' },
    {
      name: 'identityref key as a bare name defined by another module',
      path: '/base:profiles/profile=token-service,oauth-service',
      expected: "data /base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']",
    },
    {
      name: "identityref key with the module's prefix",
      path: '/base:profiles/profile=token-service,as:oauth-service',
      expected: "data /base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']",
    },
    {
      name: 'an augmented node without its module name (unambiguous)',
      path: '/base:profiles/profile=token-service,as:oauth-service/settings/authorization-server',
      expected:
        "data /base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']/settings/profile-oauth:authorization-server",
    },
    {
      name: "identityref bare name of the node's own module",
      path: '/t-paths:top/colored=red',
      expected: "data /t-paths:top/colored[color='t-paths:red']",
    },
    {
      name: 'identityref bare name defined by exactly one module',
      path: '/t-paths:top/colored=violet',
      expected: "data /t-paths:top/colored[color='t-third:violet']",
    },
    {
      name: 'identityref by module name',
      path: '/t-paths:top/colored=t-other:blue',
      expected: "data /t-paths:top/colored[color='t-other:blue']",
    },
    {
      name: 'identityref by prefix',
      path: '/t-paths:top/colored=to:red',
      expected: "data /t-paths:top/colored[color='t-other:red']",
    },
    {
      name: 'action of a list entry',
      path: '/example-actions:interfaces/interface=eth0/reset',
      expected: "action reset of /example-actions:interfaces/interface[name='eth0']",
    },
    {
      name: 'action of a container',
      path: '/base:facilities/crypto/add-signature-verification-key',
      expected: 'action add-signature-verification-key of /base:facilities/crypto',
    },
    {
      name: 'action of a state container',
      path: '/idconf-rollback:rollback-files/apply-rollback-file',
      expected: 'action apply-rollback-file of /idconf-rollback:rollback-files',
    },
    {
      name: 'an RPC (the handler decides; RFC 8040 puts it below /operations)',
      path: '/example-ops:reboot',
      expected: 'rpc example-ops:reboot',
    },
  ];
  for (const { name, path, expected } of cases) {
    it(name, () => assert.equal(summary(parse(path)), expected));
  }

  it('raw segments give the same target as the path text', () => {
    assert.equal(
      summary(parse(['example-jukebox:jukebox', 'library', 'artist=Foo%20Fighters'])),
      "data /example-jukebox:jukebox/library/artist[name='Foo Fighters']",
    );
    assert.equal(summary(parse([])), 'datastore');
  });

  it('a list entry by key resolves through the remembered route as the general way, errors included', () => {
    const outcome = (path: string | readonly string[]): unknown => {
      try {
        const target = parse(path);
        return { summary: summary(target), keys: target.kind === 'data' ? keysOf(target.path) : undefined };
      } catch (error) {
        const { code, path: errorPath, message } = error as { code: string; path?: string; message: string };
        return { code, errorPath, message };
      }
    };
    const paths = [
      '/example-jukebox:jukebox/library/artist=Foo%20Fighters',
      '/example-jukebox:jukebox/library/artist=',
      '/example-jukebox:jukebox/library/artist=a,b',
      '/example-jukebox:jukebox/library/artist=%zz',
      '/example-jukebox:jukebox/library=x',
      '/example-jukebox:jukebox/library/artist/=x',
      '/example-jukebox:jukebox/library/=x',
      '/example-jukebox:jukebox/library/nothing=x',
      '/t-paths:top/multi=x,-5,z',
      '/t-paths:top/multi=x,notanumber,z',
      '/t-paths:top/colored=to:blue',
      '/t-paths:top/colored=to:nothing',
    ];
    for (const path of paths) {
      // The general way: raw segments never take the remembered route.
      const general = outcome(path.slice(1).split('/'));
      assert.deepEqual(outcome(path), general, path);
      assert.deepEqual(outcome(path), general, `${path} (remembered)`);
    }
  });

  it('key values are typed by their leaves', () => {
    const target = parse('/t-paths:top/multi=x,-5,z');
    assert.deepEqual(keysOf(target.kind === 'data' ? target.path : []), ['x', -5, 'z']);
    const colored = parse('/t-paths:top/colored=to:blue');
    assert.deepEqual(keysOf(colored.kind === 'data' ? colored.path : []), [identityValue('t-other', 'blue')]);
  });

  it('starts below a given node (YANG Patch edit targets)', () => {
    const jukebox = parse('/example-jukebox:jukebox');
    assert.equal(jukebox.kind, 'data');
    if (jukebox.kind !== 'data' || jukebox.node.kind !== 'container') return;
    const target = parseDataResourcePath('/library/artist=Foo', schema, {
      start: { parent: jukebox.node, path: jukebox.path },
    });
    assert.equal(summary(target), "data /example-jukebox:jukebox/library/artist[name='Foo']");
  });
});

describe('parseDataResourcePath: bad paths', () => {
  const cases: { name: string; path: string; code: ErrorCode; errorPath?: string; message?: RegExp }[] = [
    { name: 'no leading slash', path: 'example-jukebox:jukebox', code: 'MALFORMED_MESSAGE' },
    { name: 'empty segment', path: '/example-jukebox:jukebox//library', code: 'MALFORMED_MESSAGE' },
    { name: 'double slash only', path: '//', code: 'MALFORMED_MESSAGE' },
    { name: 'two trailing slashes', path: '/example-jukebox:jukebox//', code: 'MALFORMED_MESSAGE' },
    { name: 'a module with no name', path: '/example-jukebox:', code: 'MALFORMED_MESSAGE' },
    { name: 'an identifier starting with a digit', path: '/9lives', code: 'MALFORMED_MESSAGE' },
    { name: 'a segment starting with "="', path: '/=x', code: 'MALFORMED_MESSAGE' },
    {
      name: 'bad percent-encoding in a key',
      path: '/example-jukebox:jukebox/library/artist=Foo%2',
      code: 'MALFORMED_MESSAGE',
      message: /percent-encoding/,
    },
    { name: 'a non-hex escape', path: '/t-paths:top/tags=%zz', code: 'MALFORMED_MESSAGE' },
    { name: 'bytes that are not UTF-8', path: '/t-paths:top/tags=%FF', code: 'MALFORMED_MESSAGE' },
    { name: 'a NUL in a key', path: '/t-paths:top/tags=a%00b', code: 'MALFORMED_MESSAGE' },
    {
      name: 'bad percent-encoding in a name',
      path: '/example-jukebox%3',
      code: 'MALFORMED_MESSAGE',
    },
    {
      name: 'unknown module',
      path: '/example-jukebux:jukebox',
      code: 'UNKNOWN_NAMESPACE',
      errorPath: '/',
      message: /example-jukebux/,
    },
    {
      name: 'unknown module below the top',
      path: '/example-jukebox:jukebox/nope:library',
      code: 'UNKNOWN_NAMESPACE',
      errorPath: '/example-jukebox:jukebox',
    },
    { name: 'unknown top-level node', path: '/example-jukebox:jukebax', code: 'UNKNOWN_ELEMENT', errorPath: '/' },
    { name: 'unknown unqualified top-level node', path: '/nothing-here', code: 'UNKNOWN_ELEMENT', errorPath: '/' },
    {
      name: 'a top-level name without its module (RFC 8040 §3.5.3)',
      path: '/profiles/profile=token-service,profile-oauth:oauth-service',
      code: 'INVALID_VALUE',
      errorPath: '/',
      message: /"profiles" needs its module name.*RFC 8040 §3\.5\.3.*base:profiles/,
    },
    {
      name: 'an RPC without its module name',
      path: '/reboot',
      code: 'INVALID_VALUE',
      errorPath: '/',
      message: /example-ops:reboot/,
    },
    {
      name: 'unknown child',
      path: '/example-jukebox:jukebox/libary',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/example-jukebox:jukebox',
    },
    {
      name: 'a known name from the wrong module',
      path: '/example-jukebox:jukebox/t-paths:library',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/example-jukebox:jukebox',
    },
    {
      name: 'a choice name is not a data node',
      path: '/t-paths:top/ch',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/t-paths:top',
    },
    {
      name: 'a child of a leaf',
      path: '/example-jukebox:jukebox/player/gap/x',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/example-jukebox:jukebox/player/gap',
    },
    {
      name: 'a child of anydata',
      path: '/t-paths:top/blob/x',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/t-paths:top/blob',
    },
    {
      name: 'a top-level name without module that two modules define: both are named',
      path: '/jukebox',
      code: 'INVALID_VALUE',
      errorPath: '/',
      message: /example-jukebox:jukebox or t-paths:jukebox|t-paths:jukebox or example-jukebox:jukebox/,
    },
    {
      name: '"=" on a container',
      path: '/example-jukebox:jukebox=1',
      code: 'INVALID_VALUE',
      errorPath: '/example-jukebox:jukebox',
    },
    {
      name: '"=" on a leaf',
      path: '/t-paths:top/flag=',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/flag',
    },
    {
      name: 'too few keys',
      path: '/t-paths:top/multi=a,1',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/multi',
      message: /3 keys \(a, b, c\), but the path gives 2 values/,
    },
    {
      name: 'too many keys',
      path: '/example-jukebox:jukebox/library/artist=a,b',
      code: 'INVALID_VALUE',
      errorPath: '/example-jukebox:jukebox/library/artist',
    },
    {
      name: 'an empty value for a two-key list',
      path: '/base:profiles/profile=',
      code: 'INVALID_VALUE',
      errorPath: '/base:profiles/profile',
    },
    {
      name: 'keys for a keyless list',
      path: '/t-paths:top/keyless=x',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/keyless',
    },
    {
      name: 'key of the wrong type',
      path: '/t-paths:top/multi=a,one,c',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/multi',
      message: /key b of list multi/,
    },
    {
      name: 'key out of range',
      path: '/t-paths:top/multi=a,200,c',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/multi',
    },
    {
      name: 'leaf-list value of the wrong type',
      path: '/t-paths:top/numbers=300',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/numbers',
    },
    {
      name: 'an error-path keeps the keys of the parents',
      path: '/example-jukebox:jukebox/playlist=Foo-One/song=first',
      code: 'INVALID_VALUE',
      errorPath: "/example-jukebox:jukebox/playlist[name='Foo-One']/song",
    },
    {
      name: 'an unknown identity',
      path: '/t-paths:top/colored=green',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top/colored',
    },
    {
      name: 'an ambiguous bare identity',
      path: '/t-paths:top/colored=blue',
      code: 'INVALID_VALUE',
      message: /t-other:blue, t-third:blue/,
    },
    {
      name: 'an identity of the wrong base',
      path: '/base:profiles/profile=x,base:profile-type',
      code: 'INVALID_VALUE',
      errorPath: '/base:profiles/profile',
    },
    {
      name: 'an unknown prefix in an identityref',
      path: '/t-paths:top/colored=zz:red',
      code: 'INVALID_VALUE',
    },
    {
      name: 'descending into a list without keys',
      path: '/example-jukebox:jukebox/library/artist/album',
      code: 'INVALID_VALUE',
      errorPath: '/example-jukebox:jukebox/library/artist',
      message: /needs its key values/,
    },
    {
      name: 'an action of a list without keys',
      path: '/example-actions:interfaces/interface/reset',
      code: 'INVALID_VALUE',
      errorPath: '/example-actions:interfaces/interface',
    },
    {
      name: '"=" on an action',
      path: '/example-actions:interfaces/interface=eth0/reset=1',
      code: 'INVALID_VALUE',
      errorPath: "/example-actions:interfaces/interface[name='eth0']/reset",
    },
    {
      name: 'a node below an action',
      path: '/example-actions:interfaces/interface=eth0/reset/input',
      code: 'UNKNOWN_ELEMENT',
      errorPath: "/example-actions:interfaces/interface[name='eth0']/reset",
    },
    {
      name: 'a node below an RPC',
      path: '/example-ops:reboot/delay',
      code: 'UNKNOWN_ELEMENT',
      errorPath: '/example-ops:reboot',
    },
    {
      name: 'a notification',
      path: '/t-paths:top/changed',
      code: 'INVALID_VALUE',
      errorPath: '/t-paths:top',
      message: /notification changed is not a data resource/,
    },
    { name: 'a top-level notification', path: '/t-paths:top-event', code: 'INVALID_VALUE', errorPath: '/' },
  ];
  for (const { name, path, code, errorPath, message } of cases) {
    it(name, () =>
      assertManagementError(() => parse(path), {
        code,
        type: 'application',
        ...(errorPath === undefined ? {} : { path: errorPath }),
        ...(message === undefined ? {} : { message }),
      }),
    );
  }
});
