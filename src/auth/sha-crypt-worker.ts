/**
 * @module auth/sha-crypt-worker
 * Worker thread that computes SHA-crypt hashes with `unixcrypt`, so that an imported hash with
 * many rounds (passlib writes 535,000–656,000) does not stop the event loop for seconds.
 * Messages: see {@link HashWorkerRequest} and {@link HashWorkerReply}.
 */
import { parentPort } from 'node:worker_threads';
import { encrypt } from 'unixcrypt';
import type { HashWorkerReply, HashWorkerRequest } from './hash-worker.ts';

parentPort?.on('message', (request: HashWorkerRequest) => {
  let reply: HashWorkerReply;
  try {
    reply = { id: request.id, hash: encrypt(request.password, request.setting) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
