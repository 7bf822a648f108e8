/**
 * @module http/direct-response
 * The response of a request answered directly on its connection (`direct-connection.ts`): it
 * takes the two calls the routes' fast paths make, `writeHead` and `end`, and makes the bytes
 * Node's `ServerResponse` would send for them on a kept-alive HTTP/1.1 connection — the status
 * line, the given fields, then `Date`, `Connection: keep-alive`, `Keep-Alive: timeout=N` and a
 * `Content-Length` when a body was given without one.
 * @see RFC 9112 §4, §6.3, §9.3; RFC 9110 §6.6.1 (Date)
 */
import { type OutgoingHttpHeaders, STATUS_CODES } from 'node:http';
import type { FastResponse } from './route.ts';

/** Statuses whose responses have no content (RFC 9110 §6.4.1). */
const NO_CONTENT = new Set([204, 304]);

/** What would end a field line early: Node's `ServerResponse` refuses it too. */
const UNSAFE_VALUE = /[\r\n\0]/;

let dateSecond = -1;
let dateText = '';
/** The IMF-fixdate of now, made once a second. */
const httpDate = (): string => {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
};

/** One directly answered response (see the module's description). */
export class DirectResponse implements FastResponse {
  statusCode = 200;
  #head = '';
  #hasLength = false;
  #text: string | undefined;
  readonly #keepAliveSeconds: number;

  constructor(keepAliveSeconds: number) {
    this.#keepAliveSeconds = keepAliveSeconds;
  }

  writeHead(status: number, headers: OutgoingHttpHeaders | string[]): this {
    this.statusCode = status;
    let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
    if (Array.isArray(headers)) {
      const fields = headers;
      for (let i = 0; i + 1 < fields.length; i += 2) head += this.#field(fields[i] as string, fields[i + 1] as string);
    } else {
      for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) head += this.#field(name, item);
        else head += this.#field(name, String(value));
      }
    }
    this.#head = head;
    return this;
  }

  end(body?: string): this {
    let head = `${this.#head}Date: ${httpDate()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${this.#keepAliveSeconds}\r\n`;
    const content = body ?? '';
    if (!this.#hasLength && !NO_CONTENT.has(this.statusCode))
      head += `Content-Length: ${Buffer.byteLength(content)}\r\n`;
    this.#text = `${head}\r\n${NO_CONTENT.has(this.statusCode) ? '' : content}`;
    return this;
  }

  /** The whole response; undefined until `end` was called. */
  get text(): string | undefined {
    return this.#text;
  }

  #field(name: string, value: string): string {
    if (UNSAFE_VALUE.test(value)) throw new TypeError(`the value of the ${name} field holds a line break`);
    if (name.length === 14 && name.toLowerCase() === 'content-length') this.#hasLength = true;
    return `${name}: ${value}\r\n`;
  }
}
