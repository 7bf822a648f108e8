/**
 * @module yang/library/load-modules-from-texts
 * The library over in-memory module texts, for tests and embedded models.
 */
import type { ModuleSet } from '../loaded-module.ts';
import type { LoadModulesOptions } from './load-modules.ts';
import { loadModules } from './load-modules.ts';
import { createTextModuleSource } from './text-module-source.ts';

/** Loads `implement` and their imports from texts keyed by file name (e.g. `{ 'a.yang': 'module a {…}' }`). */
export const loadModulesFromTexts = (
  texts: Readonly<Record<string, string>>,
  implement: readonly string[],
  options: LoadModulesOptions = {},
): ModuleSet => loadModules(createTextModuleSource(texts), implement, options);
