/**
 * @module yang/library/module-set-fingerprint
 * A fingerprint of a module set's content: what changes whenever anything that could change how
 * stored data decodes changes — a module's or submodule's text (a type narrowed without a new
 * revision too), the features enabled, the deviations applied, whether a module is implemented.
 * Unlike the YANG library's content-id, which names modules by their revisions only, two sets
 * with the same fingerprint compile to the same schema.
 * @see RFC 8525 §3 (content-id)
 */
import { createHash } from 'node:crypto';
import type { LoadedModule } from '../loaded-module.ts';

/** The SHA-256 (hex, 32 digits) of every module's text, submodules' texts and settings, in name order. */
export const moduleSetFingerprint = (modules: readonly LoadedModule[]): string => {
  const hash = createHash('sha256');
  const ordered = [...modules].sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  for (const module of ordered) {
    const features = module.features === 'all' ? 'all' : [...module.features].sort().join(',');
    hash.update(
      `${module.name}\u0000${module.implemented}\u0000${features}\u0000${[...module.deviatedBy].sort().join(',')}\u0000`,
    );
    hash.update(module.text);
    for (const submodule of [...module.submodules].sort((left, right) => (left.name < right.name ? -1 : 1))) {
      hash.update(`\u0000${submodule.name}\u0000`);
      hash.update(submodule.text);
    }
    hash.update('\u0001');
  }
  return hash.digest('hex').slice(0, 32);
};
