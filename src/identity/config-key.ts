/**
 * @module identity/config-key
 * Where the configuration encryption key comes from: `IDCONF_CONFIG_ENCRYPTION_KEY` (32 bytes as
 * 64 hex digits or base64), else the key file `config-encryption.key` in the data directory
 * (mode 0600), which the server writes itself on a first start. A key is never generated while
 * the configuration holds values encrypted with an earlier one (see `checkSecretsReadable`).
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_KEY_LENGTH, ConfigCipher } from './config-cipher.ts';

/** Name of the key file inside the data directory. */
export const CONFIG_KEY_FILE = 'config-encryption.key';

/** The environment variable that carries the key. */
export const CONFIG_KEY_VARIABLE = 'IDCONF_CONFIG_ENCRYPTION_KEY';

/** A key that is missing, malformed, or does not fit the stored configuration. */
export class ConfigKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigKeyError';
  }
}

/** Reads a key written as 64 hex digits or as base64 (standard or URL-safe) of 32 bytes. */
export const parseConfigKey = (text: string, origin: string): Buffer => {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === CONFIG_KEY_LENGTH) return bytes;
  }
  throw new ConfigKeyError(
    `${origin} must hold a ${CONFIG_KEY_LENGTH}-byte key as 64 hex digits or base64 (e.g. the output of \`openssl rand -base64 32\`)`,
  );
};

/** A resolved key and where it came from (for messages). */
export interface ConfigKey {
  readonly cipher: ConfigCipher;
  readonly origin: string;
}

/** Options of {@link resolveConfigKey}. */
export interface ResolveConfigKeyOptions {
  readonly dataDir: string;
  /** The value of IDCONF_CONFIG_ENCRYPTION_KEY, if set. */
  readonly fromEnvironment?: string | undefined;
}

/** The key from the environment, else from the key file; undefined when neither exists. */
export const resolveConfigKey = async (options: ResolveConfigKeyOptions): Promise<ConfigKey | undefined> => {
  if (options.fromEnvironment !== undefined && options.fromEnvironment !== '')
    return {
      cipher: new ConfigCipher(parseConfigKey(options.fromEnvironment, CONFIG_KEY_VARIABLE)),
      origin: CONFIG_KEY_VARIABLE,
    };
  const file = join(options.dataDir, CONFIG_KEY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigKeyError(`cannot read the configuration key file ${file}: ${(error as Error).message}`);
  }
  const mode = (await stat(file)).mode & 0o077;
  if (mode !== 0) await chmod(file, 0o600);
  return { cipher: new ConfigCipher(parseConfigKey(text, file)), origin: file };
};

/** Generates a new key into the data directory's key file (which must not exist yet). */
export const createConfigKeyFile = async (dataDir: string): Promise<ConfigKey> => {
  const file = join(dataDir, CONFIG_KEY_FILE);
  const key = randomBytes(CONFIG_KEY_LENGTH);
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  return { cipher: new ConfigCipher(key), origin: file };
};
