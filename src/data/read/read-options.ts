/**
 * @module data/read/read-options
 * The protocol-neutral options of a read: content, depth, fields and with-defaults, and the
 * parsers of their RESTCONF query-parameter values.
 * @see RFC 8040 §4.8.1 (content), §4.8.2 (depth), §4.8.3 (fields), §4.8.9 (with-defaults); RFC 6243 §3
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { FieldsSelector } from './fields-selector.ts';
import type { AccessScope } from './read-access.ts';

/** Which data a read returns. @see RFC 8040 §4.8.1 */
export type ContentFilter = 'config' | 'nonconfig' | 'all';

/** How default values are reported. @see RFC 6243 §3 */
export type WithDefaultsMode = 'report-all' | 'trim' | 'explicit' | 'report-all-tagged';

/** The options of a read. */
export interface ReadOptions {
  /** Default `all`. @see RFC 8040 §4.8.1 */
  readonly content?: ContentFilter;
  /** Levels returned, the target being level 1; undefined means unbounded. @see RFC 8040 §4.8.2 */
  readonly depth?: number;
  /** Only these descendants (and their ancestors). @see RFC 8040 §4.8.3 */
  readonly fields?: FieldsSelector;
  /** Default `explicit` (defaults are reported only where they were set). @see RFC 6243 §2.3 */
  readonly withDefaults?: WithDefaultsMode;
  /**
   * What the reader may see of the target (access control): default `true`, everything. For a
   * list target it is the access of the list (of the entry, for a single entry). @see RFC 8341 §3.4.5
   */
  readonly access?: AccessScope;
}

const CONTENT_FILTERS: readonly ContentFilter[] = ['config', 'nonconfig', 'all'];
const WITH_DEFAULTS_MODES: readonly WithDefaultsMode[] = ['report-all', 'trim', 'explicit', 'report-all-tagged'];

/** Parses a `content` value. @see RFC 8040 §4.8.1 */
export const parseContentFilter = (text: string): ContentFilter => {
  const found = CONTENT_FILTERS.find((value) => value === text);
  if (found === undefined) throw new InvalidValueError(`content must be config, nonconfig or all, not "${text}"`);
  return found;
};

/** Parses a `depth` value: 1–65535, or `unbounded` (undefined). @see RFC 8040 §4.8.2 */
export const parseDepth = (text: string): number | undefined => {
  if (text === 'unbounded') return undefined;
  const depth = /^[1-9][0-9]{0,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(depth >= 1 && depth <= 65535))
    throw new InvalidValueError(`depth must be 1 to 65535 or "unbounded", not "${text}"`);
  return depth;
};

/** Parses a `with-defaults` value. @see RFC 8040 §4.8.9, RFC 6243 §3 */
export const parseWithDefaultsMode = (text: string): WithDefaultsMode => {
  const found = WITH_DEFAULTS_MODES.find((value) => value === text);
  if (found === undefined) {
    throw new InvalidValueError(`with-defaults must be report-all, trim, explicit or report-all-tagged, not "${text}"`);
  }
  return found;
};
