/**
 * @module http/errors-document.test
 * The errors document: JSON entries, and in XML an error-path that declares the module-name
 * prefixes it uses, found outside quoted literals (and in a literal written `module:identity`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DataMissingError, InvalidValueError } from '../errors/index.ts';
import { errorPathXml, pathPrefixes, renderErrorsJson, renderErrorsXml } from './errors-document.ts';

const NAMESPACES: Readonly<Record<string, string>> = {
  'example-jukebox': 'http://example.com/ns/example-jukebox',
  base: 'urn:idconf:yang:base',
  'profile-oauth': 'urn:idconf:yang:profile-oauth',
};
const namespaceOf = (module: string): string | undefined => NAMESPACES[module];

describe('pathPrefixes', () => {
  const cases: readonly (readonly [string, readonly string[]])[] = [
    ['/', []],
    ['/example-jukebox:jukebox/library', ['example-jukebox']],
    ["/example-jukebox:jukebox/library/artist[name='a:b/c:d']", ['example-jukebox']],
    // A literal written `name:name` may be an identityref: a candidate, declared only if it is a module.
    ['/example-jukebox:jukebox/library/artist[name="x:y"]/album', ['example-jukebox', 'x']],
    [
      "/base:profiles/profile[id='t'][type='profile-oauth:oauth-service']/settings/profile-oauth:authorization-server",
      ['profile-oauth', 'base'],
    ],
    ["/base:a/b[.='unterminated:x", ['base', 'unterminated']],
  ];
  for (const [path, expected] of cases) {
    it(path, () => assert.deepEqual(pathPrefixes(path).sort(), [...expected].sort()));
  }
});

describe('errorPathXml', () => {
  it('declares each known prefix once, escaping the path', () => {
    assert.equal(
      errorPathXml("/base:profiles/profile[id='<&>'][type='profile-oauth:oauth-service']", namespaceOf),
      '<error-path xmlns:profile-oauth="urn:idconf:yang:profile-oauth" xmlns:base="urn:idconf:yang:base">' +
        "/base:profiles/profile[id='&lt;&amp;&gt;'][type='profile-oauth:oauth-service']</error-path>",
    );
  });
  it('leaves a prefix it cannot resolve undeclared', () => {
    assert.equal(errorPathXml('/nope:x', namespaceOf), '<error-path>/nope:x</error-path>');
  });
});

describe('renderErrors', () => {
  const errors = [
    new DataMissingError('gone', { path: '/example-jukebox:jukebox/library' }),
    new InvalidValueError('bad', { type: 'protocol' }),
  ];
  it('JSON: error is an array, without declarations', () => {
    assert.deepEqual(JSON.parse(renderErrorsJson(errors)), {
      'ietf-restconf:errors': {
        error: [
          {
            'error-type': 'application',
            'error-tag': 'data-missing',
            'error-path': '/example-jukebox:jukebox/library',
            'error-message': 'gone',
          },
          { 'error-type': 'protocol', 'error-tag': 'invalid-value', 'error-message': 'bad' },
        ],
      },
    });
  });
  it('XML: the error-path declares its prefix', () => {
    assert.match(
      renderErrorsXml(errors, namespaceOf),
      /<error-path xmlns:example-jukebox="http:\/\/example.com\/ns\/example-jukebox">\/example-jukebox:jukebox\/library<\/error-path>/,
    );
  });
});
