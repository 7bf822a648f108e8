/**
 * @module data/codec
 * What the two codecs share: the read options resolved once with the chunked output (ChunkWriter),
 * the member plan of one inner node (which members are written, at which level), whether a present
 * value is its in-use default, and, on the decode side, the top-level names of a body and the
 * target of a write out of its decoded parent.
 * May import: instance, read. Re-exports only.
 */
export { ChunkWriter } from './chunk-writer.ts';
export { decodedTarget } from './decoded-target.ts';
export type { MemberPlan, Selection } from './member-plan.ts';
export { inUseAt, memberLevel, memberNamesOf, memberSelection, planMembers } from './member-plan.ts';
export { arePresentDefaults, isPresentDefault } from './present-default.ts';
export { topLevelNames } from './top-level-names.ts';
