/**
 * @module yang/library/text-module-source
 * A `ModuleSource` over in-memory texts (tests, embedded models): files are found by the module name
 * they declare, whatever their key.
 */
import { parseYang } from '../parser.ts';
import { readModuleHeader } from './module-header.ts';
import type { ModuleCandidate, ModuleSource } from './module-source.ts';

/** Indexes texts keyed by file name (e.g. `a.yang`) by the module or submodule name each one declares. */
export const createTextModuleSource = (texts: Readonly<Record<string, string>>): ModuleSource => {
  const byName = new Map<string, ModuleCandidate[]>();
  for (const [file, text] of Object.entries(texts)) {
    const { statement } = parseYang(text, file);
    // An unparsable text is still offered under its key, so that its diagnostics surface when it is asked for.
    const header = statement === undefined ? undefined : readModuleHeader(statement);
    const name = header?.name ?? file.replace(/(@[^@]*)?\.yang$/, '');
    const candidate: ModuleCandidate = {
      file,
      expectedName: name,
      expectedRevision: header?.revision,
      read: () => text,
    };
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [candidate]);
    else list.push(candidate);
  }
  return { findCandidates: (name) => byName.get(name) ?? [], diagnostics: () => [] };
};
