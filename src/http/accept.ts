/**
 * @module http/accept
 * Content negotiation: choose a response media type from an Accept header. @see RFC 9110 §12.5.1
 */
import { type MediaType, parseMediaType, splitOutsideQuotes } from './media-type.ts';

/** One Accept entry with its quality. */
export interface AcceptEntry {
  readonly mediaType: MediaType;
  readonly quality: number;
}

/** Parses an Accept header; entries that do not parse are ignored. An absent header accepts anything. */
export const parseAccept = (header: string | undefined): AcceptEntry[] => {
  if (header === undefined || header.trim() === '') {
    return [{ mediaType: { type: '*', subtype: '*', parameters: {} }, quality: 1 }];
  }
  const entries: AcceptEntry[] = [];
  for (const part of splitOutsideQuotes(header, ',')) {
    if (part.trim() === '') continue;
    const mediaType = parseMediaType(part);
    if (mediaType === undefined) continue;
    const { q, ...parameters } = mediaType.parameters;
    const quality = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(quality) || quality < 0 || quality > 1) continue;
    entries.push({ mediaType: { ...mediaType, parameters }, quality });
  }
  return entries;
};

const specificity = (mediaType: MediaType): number =>
  mediaType.type === '*' ? 0 : mediaType.subtype === '*' ? 1 : 2 + Object.keys(mediaType.parameters).length;

const matches = (range: MediaType, offered: MediaType): boolean =>
  (range.type === '*' || range.type === offered.type) &&
  (range.subtype === '*' || range.subtype === offered.subtype) &&
  Object.entries(range.parameters).every(([name, value]) => offered.parameters[name] === value);

/**
 * Picks the offered media type the client prefers most. Ties go to the earlier offer, so the
 * server's first offer is the default for `*\/*`. Undefined when nothing offered is acceptable (406).
 */
export const negotiate = (acceptHeader: string | undefined, offers: readonly string[]): string | undefined => {
  // Clients send the same few Accept headers again and again: remember the answers to short ones
  // for each list of offers (callers pass the same constant lists).
  if (acceptHeader !== undefined && acceptHeader.length > MEMO_HEADER_LIMIT) return choose(acceptHeader, offers);
  let answers = ANSWERS.get(offers);
  if (answers === undefined) {
    answers = new Map();
    ANSWERS.set(offers, answers);
  }
  const key = acceptHeader ?? '';
  if (answers.has(key)) return answers.get(key);
  const chosen = choose(acceptHeader, offers);
  if (answers.size >= MEMO_SIZE) answers.clear();
  answers.set(key, chosen);
  return chosen;
};

/** Accept headers up to this length have their answers remembered, at most {@link MEMO_SIZE} per list of offers. */
const MEMO_HEADER_LIMIT = 256;
const MEMO_SIZE = 256;
const ANSWERS = new WeakMap<readonly string[], Map<string, string | undefined>>();

const choose = (acceptHeader: string | undefined, offers: readonly string[]): string | undefined => {
  const entries = parseAccept(acceptHeader);
  let best: { offer: string; quality: number } | undefined;
  for (const offer of offers) {
    const offered = parseMediaType(offer);
    if (offered === undefined) continue;
    let quality = -1;
    let bestSpecificity = -1;
    for (const entry of entries) {
      if (!matches(entry.mediaType, offered)) continue;
      const entrySpecificity = specificity(entry.mediaType);
      if (entrySpecificity > bestSpecificity) {
        bestSpecificity = entrySpecificity;
        quality = entry.quality;
      }
    }
    if (quality > 0 && (best === undefined || quality > best.quality)) best = { offer, quality };
  }
  return best?.offer;
};
