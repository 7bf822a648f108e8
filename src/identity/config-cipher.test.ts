/**
 * @module identity/config-cipher.test
 * The configuration cipher and its key sources: envelopes round-trip, carry the key id, and
 * refuse another key or altered bytes; keys parse from hex or base64 only at 32 bytes.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigCipher, ConfigDecryptionError, isEncryptedValue, parseEncryptedValue } from './config-cipher.ts';
import {
  CONFIG_KEY_FILE,
  ConfigKeyError,
  createConfigKeyFile,
  parseConfigKey,
  resolveConfigKey,
} from './config-key.ts';

const KEY = Buffer.alloc(32, 1);

describe('ConfigCipher', () => {
  it('round-trips text in an envelope labelled with the media type and the key id', () => {
    const cipher = new ConfigCipher(KEY);
    const value = cipher.encrypt('s3cret', 'text/plain');
    assert.ok(isEncryptedValue(value));
    assert.equal(parseEncryptedValue(value)?.mediaType, 'text/plain');
    assert.equal(parseEncryptedValue(value)?.keyId, cipher.keyId);
    assert.ok(!value.includes('s3cret'));
    assert.equal(cipher.decryptText(value), 's3cret');
    assert.notEqual(cipher.encrypt('s3cret', 'text/plain'), value, 'a fresh IV every time');
  });

  it('refuses another key and altered bytes', () => {
    const value = new ConfigCipher(KEY).encrypt('s3cret', 'text/plain');
    assert.throws(() => new ConfigCipher(Buffer.alloc(32, 2)).decrypt(value), /encrypted with configuration key/);
    const payload = Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
    payload[14] = (payload[14] as number) ^ 1;
    const altered = `${value.slice(0, value.indexOf(',') + 1)}${payload.toString('base64')}`;
    assert.throws(() => new ConfigCipher(KEY).decrypt(altered), ConfigDecryptionError);
    assert.throws(() => new ConfigCipher(KEY).decrypt('plain'), ConfigDecryptionError);
  });
});

describe('configuration keys', () => {
  it('parse from 64 hex digits or base64 of 32 bytes, nothing else', () => {
    assert.deepEqual(parseConfigKey('01'.repeat(32), 'test'), KEY);
    assert.deepEqual(parseConfigKey(` ${KEY.toString('base64')}\n`, 'test'), KEY);
    for (const bad of ['', '01'.repeat(31), Buffer.alloc(16).toString('base64'), 'not a key at all!'])
      assert.throws(() => parseConfigKey(bad, 'test'), ConfigKeyError);
  });

  it('come from the environment first, else from the key file written with mode 0600', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'idconf-key-'));
    assert.equal(await resolveConfigKey({ dataDir }), undefined);
    const created = await createConfigKeyFile(dataDir);
    assert.equal(statSync(join(dataDir, CONFIG_KEY_FILE)).mode & 0o777, 0o600);
    assert.equal((await resolveConfigKey({ dataDir }))?.cipher.keyId, created.cipher.keyId);
    const fromEnvironment = await resolveConfigKey({ dataDir, fromEnvironment: '01'.repeat(32) });
    assert.equal(fromEnvironment?.cipher.keyId, new ConfigCipher(KEY).keyId);
    await assert.rejects(createConfigKeyFile(dataDir), /EEXIST/);
  });
});
