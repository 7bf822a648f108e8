/**
 * @module http/connection-bridge
 * What Node's HTTP server sees of a connection whose requests are read first by
 * `direct-connection.ts`: a duplex stream that carries the requests passed on to Node and
 * writes Node's responses to the real socket, in order after the answers written directly.
 * It shows Node and the handlers the socket's addresses, counters, timeout and TLS flag, so that
 * a request answered through Node looks the same as before (`request.socket` is the bridge).
 * Node documents that an HTTP server accepts any duplex stream as a connection.
 * @see https://nodejs.org/api/http.html#event-connection
 */

import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** The direct reader's side of a bridge. */
export interface BridgeOwner {
  /** Writes what was answered directly and not yet written: Node's bytes come after it. */
  flush(): void;
  /** Node read everything passed on and wants more. */
  resumeReading(): void;
}

/** A connection as Node's HTTP server sees it (see the module's description). */
export class ConnectionBridge extends Duplex {
  readonly #socket: Socket;
  readonly #owner: BridgeOwner;
  /** Requests passed on to Node and not yet answered by it. */
  #pending = 0;

  constructor(socket: Socket, owner: BridgeOwner) {
    super({ allowHalfOpen: false });
    this.#socket = socket;
    this.#owner = owner;
    socket.on('timeout', () => this.emit('timeout'));
  }

  /** Passes bytes of requests on to Node; false when Node wants no more for now. */
  pass(bytes: Buffer): boolean {
    return this.push(bytes);
  }

  /** Passes a request head on to Node, counting it until Node's answer ends. */
  passRequest(head: Buffer): boolean {
    this.#pending++;
    return this.push(head);
  }

  /** Node's answer to a request passed on ended (its response closed). */
  answered(): void {
    if (this.#pending > 0) this.#pending--;
  }

  /** True when Node has no request of this connection to answer: a direct answer comes next in order. */
  get idle(): boolean {
    return this.#pending === 0;
  }

  override _read(): void {
    this.#owner.resumeReading();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#owner.flush();
    this.#socket.write(chunk, encoding, callback);
  }

  /** Node's corked writes (a head and its body) go out in one system call, as on a socket. */
  override _writev(
    chunks: Array<{ chunk: Buffer; encoding: BufferEncoding }>,
    callback: (error?: Error | null) => void,
  ): void {
    this.#owner.flush();
    this.#socket.cork();
    for (let i = 0; i < chunks.length - 1; i++) {
      const { chunk, encoding } = chunks[i] as { chunk: Buffer; encoding: BufferEncoding };
      this.#socket.write(chunk, encoding);
    }
    const last = chunks[chunks.length - 1] as { chunk: Buffer; encoding: BufferEncoding };
    this.#socket.write(last.chunk, last.encoding, callback);
    this.#socket.uncork();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#owner.flush();
    this.#socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#socket.destroy(error ?? undefined);
    callback(error);
  }

  /** Node ends a connection it will not keep alive this way when the socket has it. */
  destroySoon(): void {
    this.end();
  }

  setTimeout(milliseconds: number, callback?: () => void): this {
    this.#socket.setTimeout(milliseconds);
    if (callback !== undefined) this.once('timeout', callback);
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.#socket.setNoDelay(noDelay);
    return this;
  }

  setKeepAlive(enable?: boolean, initialDelay?: number): this {
    this.#socket.setKeepAlive(enable, initialDelay);
    return this;
  }

  get timeout(): number | undefined {
    return this.#socket.timeout;
  }

  get remoteAddress(): string | undefined {
    return this.#socket.remoteAddress;
  }

  get remotePort(): number | undefined {
    return this.#socket.remotePort;
  }

  get remoteFamily(): string | undefined {
    return this.#socket.remoteFamily;
  }

  get localAddress(): string | undefined {
    return this.#socket.localAddress;
  }

  get localPort(): number | undefined {
    return this.#socket.localPort;
  }

  get bytesRead(): number {
    return this.#socket.bytesRead;
  }

  get bytesWritten(): number {
    return this.#socket.bytesWritten;
  }

  /** True over TLS, as `TLSSocket.encrypted`; undefined over plain TCP. */
  get encrypted(): true | undefined {
    return 'encrypted' in this.#socket && this.#socket.encrypted === true ? true : undefined;
  }
}
