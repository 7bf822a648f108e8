/**
 * @module http/request-head
 * A strict reader of HTTP/1.1 request heads for the management port's direct answers
 * (`direct-connection.ts`). It does not replace Node's parser: it recognizes only heads whose
 * message ends with the head (GET, HEAD, DELETE or OPTIONS without `Content-Length`,
 * `Transfer-Encoding`, an upgrade or `Expect`), written exactly as RFC 9112 says: CRLF line
 * ends, an origin-form target of visible characters, `HTTP/1.1`, token field names, no obsolete
 * line folding. Every other byte sequence is `'other'`, and the connection is then left to Node's
 * parser for good, so that the two parsers can never disagree on where a message ends.
 * @see RFC 9112 §2.2, §3, §5, §6.3; RFC 9110 §5.5
 */

/** The longest head read here (Node's default limit of header bytes). */
export const MAX_HEAD_BYTES = 16 * 1024;
/** The most header fields a head read here may have. */
export const MAX_HEAD_FIELDS = 64;

/** A request head whose message has no content: the next message starts at `end`. */
export interface RequestHead {
  readonly method: string;
  /** The request target as sent (origin-form). */
  readonly url: string;
  /** Field values by lower-case name, as Node's `IncomingMessage.headers` gives them. */
  readonly headers: Readonly<Record<string, string>>;
  /** Offset just after the head's empty line. */
  readonly end: number;
  /**
   * False when the request is well framed but the server must see it through Node (a repeated
   * field, no `Host`): it may be passed on, not answered directly.
   */
  readonly plain: boolean;
}

/**
 * What the bytes at an offset hold: a head, the beginning of one (`'partial'`), or anything this
 * reader does not vouch for (`'other'`).
 */
export type HeadReading = RequestHead | 'partial' | 'other';

/** `tchar` of RFC 9110 §5.6.2, by byte: the characters of a method and a field name. */
const TOKEN = new Uint8Array(256);
for (const c of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  TOKEN[c.charCodeAt(0)] = 1;
/** Bytes of a field value (RFC 9110 §5.5): HTAB, SP, VCHAR and obs-text. */
const FIELD_VALUE = new Uint8Array(256);
FIELD_VALUE[0x09] = 1;
for (let c = 0x20; c < 0x100; c++) if (c !== 0x7f) FIELD_VALUE[c] = 1;

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HTAB = 0x09;
const VERSION = ' HTTP/1.1\r\n';
/** The methods read here: those whose requests usually have no content (Node knows a fixed list). */
const METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
/** Fields that change how a message is framed or what the connection becomes. */
const FRAMING_FIELDS = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'te', 'trailer']);

/** Reads the request head that starts at `start` in `data` (see the module's description). */
export const readRequestHead = (data: Buffer, start: number): HeadReading => {
  const blank = data.indexOf('\r\n\r\n', start, 'latin1');
  if (blank < 0) return data.length - start > MAX_HEAD_BYTES ? 'other' : 'partial';
  const end = blank + 4;
  if (end - start > MAX_HEAD_BYTES) return 'other';
  // request-line = method SP request-target SP HTTP-version CRLF, the target in origin-form.
  let at = start;
  while (TOKEN[data[at] as number] === 1) at++;
  if (at === start || data[at] !== SP) return 'other';
  const method = data.toString('latin1', start, at);
  if (!METHODS.has(method)) return 'other';
  const targetStart = ++at;
  if (data[at] !== 0x2f) return 'other';
  for (let c = data[at] as number; c > SP && c < 0x7f; c = data[++at] as number);
  if (data.toString('latin1', at, at + VERSION.length) !== VERSION) return 'other';
  const url = data.toString('latin1', targetStart, at);
  at += VERSION.length;
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  let plain = true;
  let fields = 0;
  // field-line = field-name ":" OWS field-value OWS CRLF, until the empty line at `blank + 2`.
  while (at < blank + 2) {
    if (++fields > MAX_HEAD_FIELDS) return 'other';
    const nameStart = at;
    while (TOKEN[data[at] as number] === 1) at++;
    if (at === nameStart || data[at] !== 0x3a) return 'other';
    const name = data.toString('latin1', nameStart, at).toLowerCase();
    at++;
    while (data[at] === SP || data[at] === HTAB) at++;
    const valueStart = at;
    while (FIELD_VALUE[data[at] as number] === 1) at++;
    if (data[at] !== CR || data[at + 1] !== LF) return 'other';
    let valueEnd = at;
    while (valueEnd > valueStart && (data[valueEnd - 1] === SP || data[valueEnd - 1] === HTAB)) valueEnd--;
    at += 2;
    if (FRAMING_FIELDS.has(name)) return 'other';
    const value = data.toString('latin1', valueStart, valueEnd);
    if (name === 'connection' && value.toLowerCase() !== 'keep-alive') return 'other';
    if (headers[name] !== undefined) plain = false;
    else headers[name] = value;
  }
  if (headers.host === undefined) plain = false;
  return { method, url, headers, end, plain };
};
