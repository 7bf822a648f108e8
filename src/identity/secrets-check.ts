/**
 * @module identity/secrets-check
 * The start-up check of the configuration key against the stored configuration: every encrypted
 * secret must open with the key the server was given. A missing or different key stops the
 * start with a message that says which key the data needs, instead of serving a configuration
 * whose secrets cannot be used (or, worse, overwriting them).
 */
import type { DataSchemaNode, DataTree, InstanceNode, ListInstance, Slot } from '../data/index.ts';
import { childrenOf, entriesOf } from '../data/index.ts';
import type { LeafNode, SchemaNode, SchemaTree } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError, parseEncryptedValue } from './config-cipher.ts';
import { ConfigKeyError } from './config-key.ts';
import { cryptoListOfLeaf, isSecretLeaf } from './model-paths.ts';

/** What the stored secrets look like. */
export interface SecretsSummary {
  /** Encrypted values, by key id. */
  readonly encryptedByKey: ReadonlyMap<string, number>;
  /** Values of secret leaves stored in clear (written before encryption, or restored offline). */
  readonly clear: number;
}

/** Every value of a leaf holding a secret (a `base:secret` leaf or a private `keystore`) in `root`. */
export const collectSecretValues = (schema: SchemaTree, root: DataTree): string[] => {
  const reaches = new Map<SchemaNode, boolean>();
  const isSecret = (leaf: LeafNode): boolean =>
    isSecretLeaf(leaf) || cryptoListOfLeaf(schema, leaf)?.holdsPrivateKey === true;
  const reach = (node: SchemaNode): boolean => {
    let found = reaches.get(node);
    if (found === undefined) {
      reaches.set(node, false);
      found =
        node.kind === 'leaf'
          ? isSecret(node)
          : 'children' in node && node.config && node.children.some((child) => reach(child));
      reaches.set(node, found);
    }
    return found;
  };
  const values: string[] = [];
  const visit = (schemaNode: DataSchemaNode, slot: Slot): void => {
    if (slot === undefined || !reach(schemaNode)) return;
    if (schemaNode.kind === 'leaf') {
      if (typeof slot === 'string') values.push(slot);
    } else if (schemaNode.kind === 'container') {
      for (const [child, value] of childrenOf(slot as InstanceNode)) visit(child, value);
    } else if (schemaNode.kind === 'list') {
      for (const entry of entriesOf(slot as ListInstance))
        for (const [child, value] of childrenOf(entry)) visit(child, value);
    }
  };
  for (const [child, value] of childrenOf(root)) visit(child, value);
  return values;
};

/** Counts the stored secrets by how they are stored. */
export const summarizeSecrets = (values: readonly string[]): SecretsSummary => {
  const encryptedByKey = new Map<string, number>();
  let clear = 0;
  for (const value of values) {
    const parsed = parseEncryptedValue(value);
    if (parsed === undefined) clear++;
    else encryptedByKey.set(parsed.keyId, (encryptedByKey.get(parsed.keyId) ?? 0) + 1);
  }
  return { encryptedByKey, clear };
};

/**
 * Checks that `cipher` opens every encrypted secret of `root`.
 * @throws ConfigKeyError naming the key(s) the data needs
 */
export const checkSecretsReadable = (
  schema: SchemaTree,
  root: DataTree,
  cipher: ConfigCipher | undefined,
  origin: string,
): SecretsSummary => {
  const values = collectSecretValues(schema, root);
  const summary = summarizeSecrets(values);
  const needed = [...summary.encryptedByKey.keys()];
  if (needed.length === 0) return summary;
  if (cipher === undefined)
    throw new ConfigKeyError(
      `the configuration holds secrets encrypted with key ${needed.join(', ')}, but no configuration key was found: ` +
        `set IDCONF_CONFIG_ENCRYPTION_KEY or restore the key file (${origin})`,
    );
  const foreign = needed.filter((keyId) => keyId !== cipher.keyId);
  if (foreign.length > 0)
    throw new ConfigKeyError(
      `the configuration holds secrets encrypted with key ${foreign.join(', ')}, but the key from ${origin} is ${cipher.keyId}: ` +
        'start with the key the configuration was written with',
    );
  for (const value of values) {
    if (parseEncryptedValue(value) === undefined) continue;
    try {
      cipher.decrypt(value);
    } catch (error) {
      if (!(error instanceof ConfigDecryptionError)) throw error;
      throw new ConfigKeyError(`a stored secret cannot be decrypted with the key from ${origin}: ${error.message}`);
    }
  }
  return summary;
};
