/**
 * @module auth/bcrypt-worker
 * Worker thread that computes bcrypt hashes with `bcryptjs` (pure JavaScript): a cost-12 hash
 * takes about 0.4 s of CPU, which must not stall the event loop.
 * Messages: see {@link HashWorkerRequest} and {@link HashWorkerReply}.
 */
import { parentPort } from 'node:worker_threads';
import { hashSync } from 'bcryptjs';
import type { HashWorkerReply, HashWorkerRequest } from './hash-worker.ts';

parentPort?.on('message', (request: HashWorkerRequest) => {
  let reply: HashWorkerReply;
  try {
    reply = { id: request.id, hash: hashSync(request.password, request.setting) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
