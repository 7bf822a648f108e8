/**
 * @module http/direct-connection
 * Reads one connection of the management port ahead of Node's HTTP server, so that the
 * commonest request, a GET the routes' fast paths answer, costs neither Node's request and
 * response objects nor their streams. Each request head is read strictly (`request-head.ts`):
 * - a plain head, with Node answering nothing of this connection, is offered to `answer`; the
 *   answer it gives is written directly, after those before it;
 * - a head it declines, or one that is not plain, is passed on to Node through the connection's
 *   {@link ConnectionBridge}, and later requests follow it there until Node has answered;
 * - anything else (a body, an upgrade, a head split across reads, bytes the strict reader
 *   does not vouch for, or a client that sends requests faster than it reads the answers)
 *   hands the rest of the connection to Node for good.
 * When the server is busy, answers written directly in one turn of the event loop go out together
 * at its end, so that a client waiting on many connections is woken once for them rather than once
 * each; a lone answer goes out at once.
 */
import type { Socket } from 'node:net';
import { type BridgeOwner, ConnectionBridge } from './connection-bridge.ts';
import { type RequestHead, readRequestHead } from './request-head.ts';

/** The whole response to `head` (status line, header section and body), or undefined to pass it on. */
export type DirectAnswerer = (head: RequestHead, bridge: ConnectionBridge) => string | undefined;

/** Output waiting for the end of the event loop's turn, before the socket is paused for it. */
const HIGH_WATER = 64 * 1024;

/**
 * Answers closer together than this (ms) are taken for a busy turn of the event loop: they are
 * written together at its end. A lone answer is written at once, as waiting for the end of the
 * turn costs it a loop iteration (10 µs on the machines measured).
 */
const BUSY_GAP_MS = 0.2;
let lastAnswerAt = 0;

/** Connections with answers waiting to be written at the end of this turn. */
const waiting: DirectConnection[] = [];
const flushWaiting = (): void => {
  for (const connection of waiting.splice(0)) connection.flush();
};

/** One connection read ahead of Node (see the module's description). */
export class DirectConnection implements BridgeOwner {
  readonly bridge: ConnectionBridge;
  readonly #socket: Socket;
  readonly #answer: DirectAnswerer;
  /** True once Node reads the rest of the connection. */
  #through = false;
  /** Answers written directly and waiting for the end of the turn. */
  #out = '';
  #pausedForNode = false;
  #pausedForOutput = false;

  constructor(socket: Socket, answer: DirectAnswerer) {
    this.#socket = socket;
    this.#answer = answer;
    this.bridge = new ConnectionBridge(socket, this);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('end', () => {
      this.flush();
      this.bridge.push(null);
    });
    socket.on('error', (error) => this.bridge.destroy(error));
    socket.on('close', () => this.bridge.destroy());
    socket.on('drain', () => {
      this.#pausedForOutput = false;
      this.#resume();
    });
  }

  /** Writes the answers waiting for the end of the turn. */
  flush(): void {
    if (this.#out === '') return;
    const out = this.#out;
    this.#out = '';
    if (this.#socket.destroyed) return;
    if (!this.#socket.write(out)) this.#pauseForOutput();
  }

  resumeReading(): void {
    this.#pausedForNode = false;
    this.#resume();
  }

  #resume(): void {
    if (!this.#pausedForNode && !this.#pausedForOutput && !this.#socket.destroyed) this.#socket.resume();
  }

  #pass(bytes: Buffer): void {
    if (!this.bridge.pass(bytes)) this.#pauseForNode();
  }

  #pauseForNode(): void {
    this.#pausedForNode = true;
    this.#socket.pause();
  }

  /**
   * Writes a direct answer now, or at the end of the turn when another was answered moments
   * ago (then more are likely to follow in this turn) or this connection has answers waiting.
   */
  #write(answer: string): void {
    const now = performance.now();
    const busy = now - lastAnswerAt < BUSY_GAP_MS;
    lastAnswerAt = now;
    if (!busy && this.#out === '') {
      if (!this.#socket.write(answer)) this.#pauseForOutput();
      return;
    }
    if (this.#out === '' && waiting.push(this) === 1) setImmediate(flushWaiting);
    this.#out += answer;
    if (this.#out.length > HIGH_WATER) this.flush();
  }

  #pauseForOutput(): void {
    this.#pausedForOutput = true;
    this.#socket.pause();
  }

  #read(chunk: Buffer): void {
    if (this.#through) {
      this.#pass(chunk);
      return;
    }
    let offset = 0;
    while (offset < chunk.length) {
      const head = readRequestHead(chunk, offset);
      if (head === 'partial' || head === 'other') break;
      const answer = head.plain && this.bridge.idle ? this.#answer(head, this.bridge) : undefined;
      if (answer === undefined) {
        this.flush();
        if (!this.bridge.passRequest(chunk.subarray(offset, head.end))) this.#pauseForNode();
      } else {
        this.#write(answer);
      }
      offset = head.end;
      // A client that sends faster than it reads gets Node's pacing of pipelined requests from here on.
      if (this.#pausedForOutput) break;
    }
    if (offset === chunk.length) return;
    // Node reads the rest of this connection, from here on.
    this.flush();
    this.#through = true;
    this.#pass(offset === 0 ? chunk : chunk.subarray(offset));
  }
}
