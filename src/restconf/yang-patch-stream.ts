/**
 * @module restconf/yang-patch-stream
 * A long YANG Patch in JSON read while its body arrives: the body's decoded pieces go to a
 * {@link JsonPiecesReader}, which hands out each edit's text as soon as it is complete, and the
 * edit is read and resolved at once — so the body is never joined into one string, and reading
 * the edits overlaps the client's upload. The outcome is exactly that of reading the whole text
 * (`applyYangPatch`): the errors of the body's syntax and of the patch's envelope come before
 * those of its edits, so an edit's error is kept until the body has ended and been found
 * well-formed; and whenever this reading cannot be exact — a body shorter than the length from
 * which the whole text would be read lazily, text the lazy reader would not read edit by edit,
 * an edit that is not JSON — it stops, and the whole text is read as before from the same pieces.
 * @see RFC 8072 §2, §4.2.2
 */
import type { JsonPiecesDocument } from '../data/index.ts';
import { JsonPiecesReader, LAZY_JSON_LENGTH } from '../data/index.ts';
import type { Encoding } from './media-types.ts';
import { bodyType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import type { RestconfExchange } from './restconf-exchange.ts';
import type { ResolvedPatch } from './yang-patch.ts';
import { commitYangPatch, resolveNextEdit } from './yang-patch.ts';
import { EDITS_PATH, LongPatchEdits, yangPatchEnvelopeOf } from './yang-patch-document.ts';
import { PatchResolution } from './yang-patch-edits.ts';

/** Thrown (inside this module) when an edit's text is not JSON: the whole text's parse reports that. */
const WHOLE_TEXT: unique symbol = Symbol('whole text');

/** An edit parsed from its text; a syntax error needs the whole text's error. */
const parsedEdit = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) throw WHOLE_TEXT;
    throw error;
  }
};

/** A YANG Patch in JSON read and resolved as its body arrives. */
export class StreamedYangPatch {
  readonly #target: DatastoreTarget | DataNodeTarget;
  readonly #schema: RestconfExchange['schema'];
  /** The body's declared length in bytes, if any (to size a long run's arrays). */
  readonly #declared: number;
  /** How many characters of the body have arrived; whether the edits are being read. */
  readonly #lazyFrom: number;
  #characters = 0;
  #started = false;
  /** Whether this reading stopped: the whole text is read instead. */
  #wholeText = false;
  readonly #reader: JsonPiecesReader;
  #edits: LongPatchEdits | undefined;
  #resolution: PatchResolution | undefined;
  /** The first edit's error, once one failed (the later edits are not resolved). */
  #failure: ResolvedPatch['failure'];
  /** The request's error found in an edit (not well-formed, or an edit-id repeated). */
  #requestError: { readonly error: unknown } | undefined;

  /** `lazyFrom`: from how many characters the edits are read as they come (tests set it lower). */
  constructor(
    target: DatastoreTarget | DataNodeTarget,
    schema: RestconfExchange['schema'],
    declared: number,
    lazyFrom: number = LAZY_JSON_LENGTH,
  ) {
    this.#target = target;
    this.#schema = schema;
    this.#declared = declared;
    this.#lazyFrom = lazyFrom;
    this.#reader = new JsonPiecesReader(EDITS_PATH, (text, index) => this.#edit(text, index));
  }

  /** Takes the next piece of the body (`pieces`: all of them so far). */
  take(piece: string, pieces: readonly string[]): void {
    this.#characters += piece.length;
    if (this.#wholeText) return;
    if (!this.#started) {
      // A shorter body is parsed whole, its edits all checked before any is resolved.
      if (this.#characters < this.#lazyFrom) return;
      this.#started = true;
    }
    this.#reader.read(pieces);
    if (this.#reader.givenUp) this.#stop();
  }

  /**
   * After the body's last piece: the patch resolved (or up to its edit that failed), or undefined
   * when the whole text must be read instead. Throws the request's error (the envelope's, then an
   * edit's that is not well-formed or whose edit-id an earlier edit has) as the whole text's
   * reading would.
   */
  end(): ResolvedPatch | undefined {
    const read: JsonPiecesDocument | undefined = this.#started && !this.#wholeText ? this.#reader.end() : undefined;
    const edits = this.#edits;
    const resolution = this.#resolution;
    if (read === undefined || read.items === 0 || edits === undefined || resolution === undefined) {
      this.#stop();
      return undefined;
    }
    const { patchId, comment } = yangPatchEnvelopeOf(read.document);
    if (this.#requestError !== undefined) throw this.#requestError.error;
    const failure = this.#failure;
    if (failure === undefined) edits.checkEditIds();
    return {
      patchId,
      ...(comment === undefined ? {} : { comment }),
      resolution,
      ...(failure === undefined ? {} : { failure }),
    };
  }

  /** Stops reading: what was resolved is let go, and the whole text is read instead. */
  #stop(): void {
    this.#wholeText = true;
    this.#edits = undefined;
    this.#resolution = undefined;
    this.#failure = undefined;
    this.#requestError = undefined;
  }

  /** Reads and resolves edit `index` from its text, unless an earlier edit failed. */
  #edit(text: string, index: number): void {
    if (this.#wholeText || this.#failure !== undefined || this.#requestError !== undefined) return;
    if (this.#edits === undefined || this.#resolution === undefined) {
      // How many edits the body holds, if they are like the first: a long run's arrays are then
      // allocated whole (their size is cut to the edits when the run ends).
      const expected = Number.isFinite(this.#declared) ? Math.floor(this.#declared / (text.length + 1)) : 0;
      this.#edits = new LongPatchEdits(expected);
      this.#resolution = new PatchResolution(this.#target, this.#schema, { editCount: expected });
    }
    const edits = this.#edits;
    const resolution = this.#resolution;
    try {
      const edit = edits.edit(text, index, () => parsedEdit(text));
      this.#failure = resolveNextEdit(resolution, edit, () => edits.checkEditIds());
    } catch (error) {
      if (error === WHOLE_TEXT) this.#stop();
      else this.#requestError = { error };
    }
  }
}

/**
 * Answers PATCH with a long YANG Patch in JSON read as its body arrives, and true; false when the
 * request is not one (no `application/yang-patch+json` Content-Type, an Accept that allows no
 * answer) or the whole text must be read: the body is then read (or its pieces kept) for
 * `exchange.body`. Rejects as `exchange.body` does.
 */
export const streamYangPatch = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
): Promise<boolean> => {
  const { request } = exchange;
  const header = request.headers['content-type'];
  if (header === undefined || header.trim() === '') return false;
  let encoding: Encoding;
  try {
    const type = bodyType(request, '', true);
    if (type.encoding !== 'json' || !type.patch) return false;
    encoding = responseEncoding(request);
  } catch {
    // Reported by the usual way, after the body is read.
    return false;
  }
  const declared = Number(request.headers['content-length']);
  const patch = new StreamedYangPatch(target, exchange.schema, Number.isFinite(declared) ? declared : Number.NaN);
  await exchange.bodyParts((piece, pieces) => patch.take(piece, pieces));
  const resolved = patch.end();
  if (resolved === undefined) return false;
  await commitYangPatch(exchange, target, query, encoding, resolved);
  return true;
};
