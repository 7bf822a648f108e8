/** @module yang/library/yang-library-data.test */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from './load-modules-from-texts.ts';
import { enabledFeatures, moduleSetContentId, modulesStateData, yangLibraryData } from './yang-library-data.ts';

const TEXTS: Record<string, string> = {
  'app.yang': `module app { namespace "urn:app"; prefix app; import types { prefix t; } include app-sub;
    revision 2024-05-01; revision 2023-01-01; feature fast; container c; }`,
  'app-sub.yang': 'submodule app-sub { belongs-to app { prefix app; } revision 2024-04-01; feature slow; }',
  'types.yang': 'module types { namespace "urn:types"; prefix t; }',
  'app-dev.yang': `module app-dev { namespace "urn:app-dev"; prefix d; import app { prefix a; }
    revision 2024-06-01; deviation /a:c { deviate not-supported; } }`,
};

const schemaUrl = (name: string, revision: string | undefined): string =>
  `https://host/restconf/yang/${name}${revision === undefined ? '' : `@${revision}`}`;

describe('yang library data', () => {
  const set = loadModulesFromTexts(TEXTS, ['app', 'app-dev']);

  it('loads the fixture without diagnostics', () => {
    assert.deepEqual(set.diagnostics, []);
  });

  it('builds RFC 8525 yang-library', () => {
    assert.deepEqual(yangLibraryData(set.modules, { schemaUrl, contentId: 'c1' }), {
      'ietf-yang-library:yang-library': {
        'module-set': [
          {
            name: 'complete',
            module: [
              {
                name: 'app',
                revision: '2024-05-01',
                namespace: 'urn:app',
                location: ['https://host/restconf/yang/app@2024-05-01'],
                submodule: [
                  {
                    name: 'app-sub',
                    revision: '2024-04-01',
                    location: ['https://host/restconf/yang/app-sub@2024-04-01'],
                  },
                ],
                feature: ['fast', 'slow'],
                deviation: ['app-dev'],
              },
              {
                name: 'app-dev',
                revision: '2024-06-01',
                namespace: 'urn:app-dev',
                location: ['https://host/restconf/yang/app-dev@2024-06-01'],
              },
            ],
            'import-only-module': [
              { name: 'types', revision: '', namespace: 'urn:types', location: ['https://host/restconf/yang/types'] },
            ],
          },
        ],
        schema: [{ name: 'complete', 'module-set': ['complete'] }],
        datastore: [
          { name: 'ietf-datastores:running', schema: 'complete' },
          { name: 'ietf-datastores:operational', schema: 'complete' },
        ],
        'content-id': 'c1',
      },
    });
  });

  it('builds RFC 7895 modules-state', () => {
    assert.deepEqual(modulesStateData(set.modules, { schemaUrl, contentId: 'c1' }), {
      'ietf-yang-library:modules-state': {
        'module-set-id': 'c1',
        module: [
          {
            name: 'types',
            revision: '',
            schema: 'https://host/restconf/yang/types',
            namespace: 'urn:types',
            'conformance-type': 'import',
          },
          {
            name: 'app',
            revision: '2024-05-01',
            schema: 'https://host/restconf/yang/app@2024-05-01',
            namespace: 'urn:app',
            feature: ['fast', 'slow'],
            deviation: [{ name: 'app-dev', revision: '2024-06-01' }],
            'conformance-type': 'implement',
            submodule: [
              { name: 'app-sub', revision: '2024-04-01', schema: 'https://host/restconf/yang/app-sub@2024-04-01' },
            ],
          },
          {
            name: 'app-dev',
            revision: '2024-06-01',
            schema: 'https://host/restconf/yang/app-dev@2024-06-01',
            namespace: 'urn:app-dev',
            'conformance-type': 'implement',
          },
        ],
      },
    });
  });

  it('omits locations when there is no URL and honours the set name and datastores', () => {
    const data = yangLibraryData(set.modules, {
      schemaUrl: () => undefined,
      moduleSetName: 'all',
      datastores: ['running', 'intended', 'operational'],
    })['ietf-yang-library:yang-library'];
    assert.equal(data['module-set'][0]?.name, 'all');
    assert.equal(data['module-set'][0]?.module?.[0]?.location, undefined);
    assert.deepEqual(data.schema, [{ name: 'all', 'module-set': ['all'] }]);
    assert.deepEqual(
      data.datastore.map((datastore) => datastore.name),
      ['ietf-datastores:running', 'ietf-datastores:intended', 'ietf-datastores:operational'],
    );
    assert.match(data['content-id'], /^[0-9a-f]{32}$/);
  });

  it('lists only the chosen features', () => {
    const chosen = loadModulesFromTexts(TEXTS, ['app'], { features: { app: ['slow'] } });
    const app = chosen.modules.find((module) => module.name === 'app');
    assert.ok(app);
    assert.deepEqual(enabledFeatures(app), ['slow']);
  });

  it('changes the content id when the feature set changes, and only then', () => {
    const again = loadModulesFromTexts(TEXTS, ['app', 'app-dev']);
    const fewer = loadModulesFromTexts(TEXTS, ['app', 'app-dev'], { features: { app: ['fast'] } });
    assert.equal(moduleSetContentId(again.modules), moduleSetContentId(set.modules));
    assert.notEqual(moduleSetContentId(fewer.modules), moduleSetContentId(set.modules));
  });

  it('lists an older revision imported by revision-date as import-only beside the implemented one', () => {
    const revisions = loadModulesFromTexts(
      {
        'a.yang': 'module a { namespace "urn:a"; prefix a; import b { prefix b; revision-date 2019-01-01; } }',
        'b@2019-01-01.yang': 'module b { namespace "urn:b"; prefix b; revision 2019-01-01; }',
        'b@2020-01-01.yang': 'module b { namespace "urn:b"; prefix b; revision 2020-01-01; }',
        'c.yang': 'module c { namespace "urn:c"; prefix c; }',
        'd.yang': 'module d { namespace "urn:d"; prefix d; import c { prefix c; } }',
      },
      ['a', 'b', 'd'],
    );
    assert.deepEqual(revisions.diagnostics, []);
    const library = yangLibraryData(revisions.modules, { schemaUrl: () => undefined, contentId: 'c2' })[
      'ietf-yang-library:yang-library'
    ]['module-set'][0];
    assert.deepEqual(
      library?.module?.map((module) => `${module.name}@${module.revision ?? ''}`),
      ['a@', 'b@2020-01-01', 'd@'],
    );
    assert.deepEqual(library?.['import-only-module'], [
      { name: 'b', revision: '2019-01-01', namespace: 'urn:b' },
      { name: 'c', revision: '', namespace: 'urn:c' },
    ]);
    assert.deepEqual(
      modulesStateData(revisions.modules, { schemaUrl: () => undefined, contentId: 'c2' })[
        'ietf-yang-library:modules-state'
      ].module.map((module) => `${module.name}@${module.revision}:${module['conformance-type']}`),
      ['b@2019-01-01:import', 'a@:implement', 'b@2020-01-01:implement', 'c@:import', 'd@:implement'],
    );
  });
});
