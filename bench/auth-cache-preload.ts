/**
 * @module bench/auth-cache-preload
 * An experiment, not part of the server: preloaded into the idconf process (`--import`) by
 * `npm run bench -- --auth-cache`, it remembers successful HTTP Basic logins for 60 s, keyed
 * by a SHA-256 of a per-process random secret, the user and the password. Without it every request
 * pays one argon2id verification (19 MiB, 2 passes: 25–70 ms here), which hides what the rest
 * of the server costs. The figures taken with it show what a verified-credentials cache in
 * `LocalUserAuthenticator` would give; they are labelled as such.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ClientSource, Credentials, Principal } from '../src/auth/index.ts';
import { LocalUserAuthenticator } from '../src/auth/index.ts';

const TTL_MS = 60_000;
const secret = randomBytes(32);
const remembered = new Map<string, { readonly principal: Principal; readonly until: number }>();
const verify = LocalUserAuthenticator.prototype.authenticate;

LocalUserAuthenticator.prototype.authenticate = async function (
  this: LocalUserAuthenticator,
  credentials: Credentials,
  source: ClientSource,
): Promise<Principal> {
  if (credentials.scheme !== 'basic') return verify.call(this, credentials, source);
  // A keyed SHA-256 (secret first): an HMAC would create a KeyObject per request, which costs more.
  const key = createHash('sha256')
    .update(secret)
    .update(`${credentials.user}\u0000${credentials.password}`)
    .digest('base64');
  const known = remembered.get(key);
  if (known !== undefined && known.until > Date.now()) return known.principal;
  const principal = await verify.call(this, credentials, source);
  remembered.set(key, { principal, until: Date.now() + TTL_MS });
  return principal;
};
