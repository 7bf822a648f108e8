/**
 * @module management/module-source-access.test
 * Module sources under NACM: a module, a submodule or an import-only module is served to a user
 * who may read a YANG library entry announcing it; a hidden submodule or import-only module is
 * not found, like a missing one; a name whose implemented-module entry is hidden is refused
 * whether it exists or not.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DataTree } from '../data/index.ts';
import { decodeJson } from '../data/index.ts';
import { Datastore, MemoryJournalStore } from '../datastore/index.ts';
import { compileSchema, loadModulesFromTexts } from '../yang/index.ts';
import { ManagementService } from './management-service.ts';
import type { Session } from './session.ts';

const MODELS = join(import.meta.dirname, '../../models');
const TEXTS: Record<string, string> = {
  ...Object.fromEntries(
    readdirSync(MODELS)
      .filter((file) => file.endsWith('.yang'))
      .map((file) => [file, readFileSync(join(MODELS, file), 'utf8')]),
  ),
  't-lib@2024-01-01.yang':
    'module t-lib { yang-version 1.1; namespace "urn:t:lib"; prefix tl; include t-lib-sub; import t-imp { prefix ti; } revision 2024-01-01; leaf a { type ti:word; } }',
  't-lib-sub@2024-01-01.yang':
    'submodule t-lib-sub { yang-version 1.1; belongs-to t-lib { prefix tl; } revision 2024-01-01; leaf b { type string; } }',
  't-imp@2024-01-01.yang':
    'module t-imp { namespace "urn:t:imp"; prefix ti; revision 2024-01-01; typedef word { type string; } }',
};
const { modules } = loadModulesFromTexts(TEXTS, ['t-lib', 'ietf-yang-library', 'ietf-netconf-acm']);
const schema = compileSchema({ modules, diagnostics: [] }).schema as NonNullable<
  ReturnType<typeof compileSchema>['schema']
>;

const LIBRARY = '/ietf-yang-library:yang-library/module-set';
const STATE = '/ietf-yang-library:modules-state/module';
/** One group per case, each hiding some library entries from its member. */
const HIDING: Record<string, readonly string[]> = {
  nothing: [],
  submodule: [`${LIBRARY}/module[name='t-lib']/submodule`, `${STATE}[name='t-lib']/submodule`],
  'import-only': [`${LIBRARY}/import-only-module[name='t-imp']`, `${STATE}[name='t-imp']`],
  module: [
    `${LIBRARY}/module[name='t-lib']`,
    `${STATE}[name='t-lib']`,
    `${LIBRARY}/module[name='t-gone']`,
    `${STATE}[name='t-gone']`,
  ],
};

const open = async (): Promise<ManagementService> => {
  const nacm = {
    'ietf-netconf-acm:nacm': {
      groups: { group: Object.keys(HIDING).map((name) => ({ name, 'user-name': [name] })) },
      'rule-list': Object.entries(HIDING).map(([name, paths]) => ({
        name,
        group: [name],
        rule: paths.map((path, index) => ({ name: `r${index}`, path, 'access-operations': 'read', action: 'deny' })),
      })),
    },
  };
  const datastore = await Datastore.open({
    schema,
    journal: new MemoryJournalStore(),
    initial: (): DataTree => decodeJson(schema, nacm, { schema, config: true }),
  });
  return ManagementService.create({ datastore, modules });
};

const as = (user: string): Session => ({ principal: { user, groups: [], method: 'basic' }, via: 'restconf' });

describe('module sources under NACM', () => {
  it('served when an entry announcing them is readable', async () => {
    const management = await open();
    for (const name of ['t-lib', 't-lib-sub', 't-imp'])
      assert.match(management.moduleSource(as('nothing'), name, '2024-01-01') ?? '', new RegExp(`module ${name} `));
    assert.equal(management.moduleSource(as('nothing'), 't-gone', '2024-01-01'), undefined);
  });

  it('a hidden submodule or import-only module is not found, like a missing one', async () => {
    const management = await open();
    assert.equal(management.moduleSource(as('submodule'), 't-lib-sub', '2024-01-01'), undefined);
    assert.match(management.moduleSource(as('submodule'), 't-lib', '2024-01-01') ?? '', /module t-lib /);
    assert.equal(management.moduleSource(as('import-only'), 't-imp', '2024-01-01'), undefined);
  });

  it('a hidden module is refused whether it exists or not', async () => {
    const management = await open();
    assert.throws(() => management.moduleSource(as('module'), 't-lib', '2024-01-01'), { code: 'ACCESS_DENIED' });
    assert.throws(() => management.moduleSource(as('module'), 't-gone', '2024-01-01'), { code: 'ACCESS_DENIED' });
    assert.match(management.moduleSource(as('module'), 't-imp', '2024-01-01') ?? '', /module t-imp /);
  });
});
