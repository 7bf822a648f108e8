/**
 * @module auth/sha-crypt-worker
 * Worker thread that computes SHA-crypt hashes with `unixcrypt`, so that an imported hash with
 * many rounds (passlib writes 535,000–656,000) does not stop the event loop for seconds.
 * Messages: `{ id, password, setting }` in, `{ id, hash }` or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import { encrypt } from 'unixcrypt';

/** A request to the worker. */
export interface ShaCryptRequest {
  readonly id: number;
  readonly password: string;
  /** `$5$…` or `$6$…` with the optional `rounds=N$` and the salt. */
  readonly setting: string;
}

/** The worker's answer. */
export type ShaCryptReply =
  | { readonly id: number; readonly hash: string }
  | { readonly id: number; readonly error: string };

parentPort?.on('message', (request: ShaCryptRequest) => {
  let reply: ShaCryptReply;
  try {
    reply = { id: request.id, hash: encrypt(request.password, request.setting) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
