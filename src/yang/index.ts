/**
 * @module yang
 * The schema side of the engine: lexer, parser, module library, compiler, compiled schema
 * tree, built-in types and the RFC 8340 tree printer. Re-exports only.
 * May import: util, errors, xpath.
 */

export type { CompactSchemaOptions } from './compact/compact-schema.ts';
export { ALL_ACCESS, compactSchema } from './compact/compact-schema.ts';
export type * from './compact/compact-schema-format.ts';
export { COMPACT_SCHEMA_FORMAT } from './compact/compact-schema-format.ts';
export type { CompileSchemaOptions, CompileSchemaResult } from './compiler/compile-schema.ts';
export { compileSchema } from './compiler/compile-schema.ts';
export type { LoadModulesOptions } from './library/load-modules.ts';
export type { LoadModulesFromDirectoriesOptions } from './library/load-modules-from-directories.ts';
export { loadModulesFromDirectories } from './library/load-modules-from-directories.ts';
export { loadModulesFromTexts } from './library/load-modules-from-texts.ts';
export { moduleSetFingerprint } from './library/module-set-fingerprint.ts';
export type {
  ModulesState,
  SchemaUrl,
  YangLibrary,
  YangLibraryDataOptions,
} from './library/yang-library-data.ts';
export {
  enabledFeatures,
  MODULE_SET_NAME,
  moduleSetContentId,
  modulesStateData,
  yangLibraryData,
} from './library/yang-library-data.ts';
export type { LoadSchemaOptions, LoadSchemaResult } from './load-schema.ts';
export { loadSchema } from './load-schema.ts';
export type { LoadedModule, LoadedSubmodule, ModuleSet } from './loaded-module.ts';
export { parseYang } from './parser.ts';
export * from './schema/index.ts';
export type { Diagnostic, DiagnosticSeverity, SourceLocation, Statement } from './statement.ts';
export { formatDiagnostic, SchemaLoadError } from './statement.ts';
export { printTree } from './tree-printer.ts';
export type * from './type-spec.ts';
export { hasForbiddenCharacter } from './types/string.ts';
export type { TypeCheckFailure } from './types/type-check-failure.ts';
export { isTypeCheckFailure, toInvalidValueError, typeCheckFailure } from './types/type-check-failure.ts';
export type * from './types/value.ts';
export {
  decimal64,
  identityValue,
  isBitsValue,
  isDecimal64,
  isIdentityValue,
  isInstanceIdentifier,
  yangValuesEqual,
} from './types/value.ts';
export { checkValue, parseJson, parseLexical, toCanonical, toJson, toXmlText } from './types/value-codec.ts';
export type { JsonLeafValue, LexicalOptions, ValueContext } from './types/value-context.ts';
export { compileXsdRegex, translateXsdRegex } from './types/xsd-regex.ts';
