/**
 * @module cli/sse-parser
 * Reads a `text/event-stream` body as the W3C specification does: lines end at CR LF, LF or CR;
 * `data` lines are joined with LF; `id` sets the event's id; a comment line (`:`) is skipped; a
 * blank line dispatches the event, if it has data.
 * @see W3C Server-Sent Events §9.2 (parsing an event stream)
 */

/** One event of the stream. */
export interface StreamMessage {
  /** The `id` field of the event, if it had one. */
  readonly id: string | undefined;
  readonly data: string;
}

/** An incremental parser: feed it the body's text as it arrives. */
export class ServerSentEventParser {
  #buffer = '';
  #data: string[] = [];
  #id: string | undefined;

  /** The events completed by `chunk`. */
  push(chunk: string): StreamMessage[] {
    this.#buffer += chunk;
    const events: StreamMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      // A CR at the very end may be the first half of a CR LF: wait for the next chunk.
      if (match === null || (match[0] === '\r' && match.index === this.#buffer.length - 1)) return events;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const event = this.#line(line);
      if (event !== undefined) events.push(event);
    }
  }

  #line(line: string): StreamMessage | undefined {
    if (line === '') {
      const event = this.#data.length === 0 ? undefined : { id: this.#id, data: this.#data.join('\n') };
      this.#data = [];
      this.#id = undefined;
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    return undefined;
  }
}
