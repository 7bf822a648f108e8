/**
 * @module data/codec
 * What the two codecs' encoders share: the read options resolved once with the chunked output
 * (ChunkWriter), and the member plan of one inner node (which members are written, at which level).
 * May import: instance, read. Re-exports only.
 */
export { ChunkWriter } from './chunk-writer.ts';
export type { MemberPlan, Selection } from './member-plan.ts';
export { inUseAt, memberLevel, memberNamesOf, memberSelection, planMembers } from './member-plan.ts';
