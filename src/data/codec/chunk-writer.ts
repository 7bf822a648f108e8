/**
 * @module data/codec/chunk-writer
 * What both encoders' writers share: the pending text handed out in chunks, and the read
 * options resolved once (defaults filled in, and the flags the hot paths test).
 * @see RFC 8040 §4.8 (read options), RFC 6243 §3 (with-defaults modes)
 */
import type { SchemaTree } from '../../yang/index.ts';
import type { ContentFilter, ReadOptions, WithDefaultsMode } from '../read/index.ts';

/** The resolved read options a plan applies; both encoders' writers carry them. */
export interface PlanOptions {
  readonly content: ContentFilter;
  /** Levels returned (infinite when unbounded). */
  readonly depth: number;
  /** True in the modes that report defaults of absent nodes. */
  readonly reportsAll: boolean;
}

/** Chunks are handed out once this many characters are pending, unless told otherwise. */
const DEFAULT_CHUNK_SIZE = 16384;

/** Mutable output state of one encode, with its resolved read options. */
export class ChunkWriter implements PlanOptions {
  /** The text not yet handed out. */
  out = '';
  /** While positive, `flush` keeps the text (a caller may still drop it). */
  hold = 0;
  readonly schema: SchemaTree;
  readonly content: ContentFilter;
  /** Levels returned (infinite when unbounded). */
  readonly depth: number;
  readonly withDefaults: WithDefaultsMode;
  readonly chunkSize: number;
  /** True in the modes that report defaults of absent nodes. */
  readonly reportsAll: boolean;
  /** True when defaults are tagged with the with-defaults annotation. */
  readonly tagged: boolean;
  /** True when no read option filters anything: every stored node is written as it is. */
  readonly simple: boolean;

  constructor(schema: SchemaTree, options: ReadOptions & { readonly chunkSize?: number }) {
    this.schema = schema;
    this.content = options.content ?? 'all';
    this.depth = options.depth ?? Number.POSITIVE_INFINITY;
    this.withDefaults = options.withDefaults ?? 'explicit';
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.tagged = this.withDefaults === 'report-all-tagged';
    this.reportsAll = this.tagged || this.withDefaults === 'report-all';
    this.simple =
      this.withDefaults === 'explicit' &&
      this.content === 'all' &&
      options.depth === undefined &&
      options.fields === undefined;
  }

  /** Takes the pending text when it is large enough to be sent. */
  flush(): string | undefined {
    if (this.hold > 0 || this.out.length < this.chunkSize) return undefined;
    const chunk = this.out;
    this.out = '';
    return chunk;
  }
}
