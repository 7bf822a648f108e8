/**
 * @module legacy-rest/legacy-exchange
 * One legacy REST request as the handlers see it: the HTTP request and response, the session of
 * its authenticated principal (via `rest`), the resource its path names, its parsed query, the
 * management layer, and the body — read at most once, with the server's size limit, as UTF-8
 * text in the format its Content-Type (or its first character) says.
 * @see shared/spec/legacy-rest.md Decisions 1–5, §4 (request bodies)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../http/index.ts';
import { readRequestText } from '../http/index.ts';
import type { CommitNote, ManagementService, Session } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { requestBodyFormat } from './media-types.ts';
import type { LegacyQuery } from './query-parameters.ts';
import type { LegacyResource } from './resource-path.ts';

/** A request body: its text and the format it is in. */
export interface LegacyBody {
  readonly format: LegacyFormat;
  readonly text: string;
}

/** One request in progress. */
export class LegacyExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly context: RequestContext;
  readonly session: Session;
  readonly management: ManagementService;
  readonly resource: LegacyResource;
  readonly query: LegacyQuery;
  #body: Promise<LegacyBody | undefined> | undefined;

  constructor(fields: {
    readonly request: IncomingMessage;
    readonly response: ServerResponse;
    readonly context: RequestContext;
    readonly session: Session;
    readonly management: ManagementService;
    readonly resource: LegacyResource;
    readonly query: LegacyQuery;
  }) {
    this.request = fields.request;
    this.response = fields.response;
    this.context = fields.context;
    this.session = fields.session;
    this.management = fields.management;
    this.resource = fields.resource;
    this.query = fields.query;
  }

  get schema(): SchemaTree {
    return this.management.schema;
  }

  /** The request method (the route checked it against the resource). */
  get method(): string {
    return this.request.method ?? 'GET';
  }

  /** What a write stores in its rollback file besides who made it: `rollback-label`, `rollback-comment`. */
  get note(): CommitNote {
    const { rollbackLabel, rollbackComment } = this.query;
    return {
      ...(rollbackLabel === undefined ? {} : { label: rollbackLabel }),
      ...(rollbackComment === undefined ? {} : { comment: rollbackComment }),
    };
  }

  /** The absolute URL of a path on this server, as the client reached it (for `Location`). */
  absoluteUrl(path: string): string {
    return `${this.session.origin ?? ''}${path}`;
  }

  /**
   * The request body, undefined when there is none (or only white space). Rejects with
   * PayloadTooLargeError (413), UnsupportedMediaTypeError (415) or MalformedMessageError (not UTF-8).
   */
  body(): Promise<LegacyBody | undefined> {
    this.#body ??= readRequestText(this.request, this.context.bodyLimit).then((text) => {
      if (text === undefined || text.trim() === '') return undefined;
      return { format: requestBodyFormat(this.request.headers['content-type'], text), text };
    });
    return this.#body;
  }
}
