/**
 * @module web/api/restconf-client
 * The UI's only way to the server: RESTCONF requests with the user's credentials, held in memory
 * for the tab's life (never in storage or a cookie; `credentials: 'omit'` keeps the browser's
 * own credential store and its login prompt out of it). Errors come back as {@link ApiError}
 * with every RFC 8040 error, and for a YANG Patch the errors of each edit.
 */

/** Where the RESTCONF API is. */
export const RESTCONF_ROOT = '/admin/api/restconf';

/** One `error` of an `ietf-restconf:errors` body. @see RFC 8040 §7.1 */
export interface RestconfError {
  readonly 'error-type'?: string;
  readonly 'error-tag': string;
  readonly 'error-app-tag'?: string;
  readonly 'error-path'?: string;
  readonly 'error-message'?: string;
}

/** A failed request. */
export class ApiError extends Error {
  readonly status: number;
  /** The errors of the request (a YANG Patch's global errors). */
  readonly errors: readonly RestconfError[];
  /** A YANG Patch's errors by edit-id. @see RFC 8072 §2.3 */
  readonly editErrors: ReadonlyMap<string, readonly RestconfError[]>;
  /** True when the answer was a `yang-patch-status` (the patch was read and failed), not plain errors. */
  readonly patchStatus: boolean;

  constructor(
    status: number,
    errors: readonly RestconfError[],
    editErrors?: ReadonlyMap<string, readonly RestconfError[]>,
  ) {
    const first = errors[0] ?? [...(editErrors?.values() ?? [])][0]?.[0];
    super(first?.['error-message'] ?? first?.['error-tag'] ?? `the server answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.editErrors = editErrors ?? new Map();
    this.patchStatus = editErrors !== undefined;
  }

  /** Every error, global and per edit. */
  get all(): readonly RestconfError[] {
    return [...this.errors, ...[...this.editErrors.values()].flat()];
  }
}

/** How the user authenticates. */
export type Credentials =
  | { readonly kind: 'basic'; readonly user: string; readonly password: string }
  | { readonly kind: 'bearer'; readonly user: string; readonly token: string };

/** A successful answer. */
export interface ApiResponse<T> {
  readonly status: number;
  readonly etag: string | undefined;
  readonly body: T | undefined;
}

/** Options of a request. */
export interface RequestOptions {
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
  readonly type?: string;
  readonly accept?: string;
  readonly ifMatch?: string;
  readonly ifNoneMatch?: string;
}

const JSON_TYPE = 'application/yang-data+json';

const base64 = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

type ErrorList = { readonly error?: readonly RestconfError[] };

/** The errors of an error body: RESTCONF errors, or a YANG Patch status. */
const errorsOf = (status: number, body: unknown): ApiError => {
  const document = (body ?? {}) as Record<string, unknown>;
  const errors = (document['ietf-restconf:errors'] as ErrorList | undefined)?.error;
  if (errors !== undefined) return new ApiError(status, errors);
  const patch = document['ietf-yang-patch:yang-patch-status'] as
    | {
        readonly errors?: ErrorList;
        readonly 'edit-status'?: { readonly edit?: readonly { 'edit-id': string; errors?: ErrorList }[] };
      }
    | undefined;
  if (patch !== undefined) {
    const byEdit = new Map<string, readonly RestconfError[]>();
    for (const edit of patch['edit-status']?.edit ?? [])
      if (edit.errors?.error !== undefined) byEdit.set(edit['edit-id'], edit.errors.error);
    return new ApiError(status, patch.errors?.error ?? [], byEdit);
  }
  return new ApiError(status, [{ 'error-tag': 'operation-failed', 'error-message': `the server answered ${status}` }]);
};

/** A RESTCONF client bound to one user's credentials. */
export class RestconfClient {
  readonly #credentials: Credentials;
  /** Called when the server no longer accepts the credentials (401). */
  onUnauthorized: (() => void) | undefined;

  constructor(credentials: Credentials) {
    this.#credentials = credentials;
  }

  get user(): string {
    return this.#credentials.user;
  }

  #authorization(): string {
    const credentials = this.#credentials;
    return credentials.kind === 'basic'
      ? `Basic ${base64(`${credentials.user}:${credentials.password}`)}`
      : `Bearer ${credentials.token}`;
  }

  /** Sends a request to `path` below the RESTCONF root. */
  async send<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const query = Object.entries(options.query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
    const headers: Record<string, string> = {
      Authorization: this.#authorization(),
      Accept: options.accept ?? JSON_TYPE,
      // Commits made here are attributed to the web UI in their rollback files (via: webui).
      'Idconf-Via': 'webui',
    };
    if (options.body !== undefined) headers['Content-Type'] = options.type ?? JSON_TYPE;
    if (options.ifMatch !== undefined) headers['If-Match'] = options.ifMatch;
    if (options.ifNoneMatch !== undefined) headers['If-None-Match'] = options.ifNoneMatch;
    const response = await fetch(`${RESTCONF_ROOT}${path}${query === '' ? '' : `?${query}`}`, {
      method,
      headers,
      credentials: 'omit',
      cache: 'no-store',
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = method === 'HEAD' ? '' : await response.text();
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (response.status === 401) this.onUnauthorized?.();
    if (!response.ok && response.status !== 304) throw errorsOf(response.status, body);
    return { status: response.status, etag: response.headers.get('ETag') ?? undefined, body: body as T | undefined };
  }

  get<T>(path: string, query?: RequestOptions['query']): Promise<ApiResponse<T>> {
    return this.send<T>('GET', path, query === undefined ? {} : { query });
  }
}
