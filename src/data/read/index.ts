/**
 * @module data/read
 * The protocol-neutral read options (content, depth, fields, with-defaults): parsed from their
 * query text, and what they keep of one schema node; the access scope (what NACM lets a
 * reader see) the encoders consult.
 * May import: instance. Re-exports only.
 */
export { isFilteredOut } from './content-filter.ts';
export type { FieldsSelector } from './fields-selector.ts';
export { parseFields } from './fields-selector.ts';
export type { AccessScope, ReadAccess } from './read-access.ts';
export { entryAccessOf, hasVisibleContent } from './read-access.ts';
export type { ContentFilter, ReadOptions, WithDefaultsMode } from './read-options.ts';
export { parseContentFilter, parseDepth, parseWithDefaultsMode } from './read-options.ts';
