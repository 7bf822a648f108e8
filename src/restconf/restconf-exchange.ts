/**
 * @module restconf/restconf-exchange
 * One RESTCONF request as the handlers see it: the HTTP request and response, the session of
 * its authenticated principal, the method, the raw query, the management layer, and the body,
 * read at most once with the server's size limit.
 * @see RFC 8040 §4
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../http/index.ts';
import { joinParts, readRequestTextParts } from '../http/index.ts';
import type { ManagementService, Session } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { RequestBody } from './body-decoding.ts';
import type { DatastoreResource } from './datastore-resources.ts';
import { DATA_RESOURCE } from './datastore-resources.ts';
import type { BodyType } from './media-types.ts';
import { bodyType } from './media-types.ts';
import type { RestconfMethod } from './query-parameters.ts';

/** A request body with its media type. */
export interface TypedBody extends RequestBody {
  readonly patch: boolean;
}

/** One request in progress. */
export class RestconfExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly context: RequestContext;
  readonly session: Session;
  readonly method: RestconfMethod;
  readonly management: ManagementService;
  /** The request path of the API root, e.g. `/admin/api/restconf`. */
  readonly root: string;
  /** The datastore resource the request's data path starts from (`/data` unless below `/ds`). */
  readonly datastore: DatastoreResource;
  /** The query string as sent (still percent-encoded), without `?`. */
  readonly rawQuery: string;
  #body: Promise<TypedBody | undefined> | undefined;
  /** The body's text in the pieces it arrived in, when it was read by {@link bodyParts}. */
  #parts: Promise<readonly string[] | undefined> | undefined;
  #bodyReleased = false;

  constructor(fields: {
    readonly request: IncomingMessage;
    readonly response: ServerResponse;
    readonly context: RequestContext;
    readonly session: Session;
    readonly method: RestconfMethod;
    readonly management: ManagementService;
    readonly root: string;
    readonly datastore?: DatastoreResource;
  }) {
    this.request = fields.request;
    this.response = fields.response;
    this.context = fields.context;
    this.session = fields.session;
    this.method = fields.method;
    this.management = fields.management;
    this.root = fields.root;
    this.datastore = fields.datastore ?? DATA_RESOURCE;
    const url = fields.request.url ?? '';
    const question = url.indexOf('?');
    this.rawQuery = question < 0 ? '' : url.slice(question + 1);
  }

  get schema(): SchemaTree {
    return this.management.schema;
  }

  /** The request path of the datastore resource, e.g. `/admin/api/restconf/data`. */
  get dataRoot(): string {
    return `${this.root}${this.datastore.path}`;
  }

  /** The absolute URL of a path on this server (for `Location`). */
  absoluteUrl(path: string): string {
    return `${this.session.origin ?? ''}${path}`;
  }

  /**
   * The request body and its type, undefined when there is none; a YANG Patch only where
   * `patchAllowed`. Rejects with PayloadTooLargeError (413) or UnsupportedMediaTypeError (415).
   */
  body(patchAllowed = false): Promise<TypedBody | undefined> {
    if (this.#bodyReleased) throw new Error('the request body was released once it was decoded');
    if (this.#body === undefined) {
      const parts = this.#parts ?? readRequestTextParts(this.request, this.context.bodyLimit);
      // The pieces are joined once; the exchange then keeps the text only.
      this.#parts = undefined;
      this.#body = parts.then((read) => {
        const text = joinParts(read);
        if (text === undefined) return undefined;
        const type: BodyType = bodyType(this.request, text, patchAllowed);
        return { ...type, text };
      });
    }
    return this.#body;
  }

  /**
   * Reads the body's text in the pieces it arrives in, each passed to `onPart` (with the pieces so
   * far) as soon as it is decoded, while the rest is still arriving; {@link body} then joins
   * them, if asked. Rejects as {@link body} does (and with what `onPart` throws). Only before the
   * body is read otherwise.
   */
  bodyParts(onPart: (part: string, parts: readonly string[]) => void): Promise<readonly string[] | undefined> {
    if (this.#bodyReleased || this.#body !== undefined || this.#parts !== undefined)
      throw new Error('the request body is read once');
    this.#parts = readRequestTextParts(this.request, this.context.bodyLimit, onPart);
    return this.#parts;
  }

  /**
   * Lets go of the body's text once it is decoded: a large body (a whole list) would otherwise stay
   * in memory, beside its decoded tree, until the response. Reading the body again is an error.
   */
  releaseBody(): void {
    this.#bodyReleased = true;
    this.#body = undefined;
    this.#parts = undefined;
  }
}
