/**
 * @module yang/library/load-modules-from-directories
 * The library entry point for the server: modules from the search directories (`models/`, each `--yang-dir`).
 */
import type { ModuleSet } from '../loaded-module.ts';
import type { DirectoryModuleSourceOptions } from './directory-module-source.ts';
import { createDirectoryModuleSource } from './directory-module-source.ts';
import type { ImplementRequest } from './implement-request.ts';
import type { LoadModulesOptions } from './load-modules.ts';
import { loadModules } from './load-modules.ts';

/** Choices for `loadModulesFromDirectories`. */
export interface LoadModulesFromDirectoriesOptions extends LoadModulesOptions, DirectoryModuleSourceOptions {}

/**
 * Loads `implement` (names, `name@revision`, or files) and their imports from `directories`, earlier ones first.
 * @see RFC 8525 §3
 */
export const loadModulesFromDirectories = (
  directories: readonly string[],
  implement: readonly ImplementRequest[],
  options: LoadModulesFromDirectoriesOptions = {},
): ModuleSet => loadModules(createDirectoryModuleSource(directories, options), implement, options);
