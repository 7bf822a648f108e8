/**
 * @module identity/key-details-provider
 * The `config false` `details` of every key entry, computed at read time from the entry's stored
 * `keystore` (decrypted in memory when it holds a private key): key type, size or curve,
 * certificate subject, issuer, validity and SHA-256 fingerprint.
 */
import type { InnerSchemaNode, InstanceNode, Slot } from '../data/index.ts';
import { decodeJson, getLeaf, isDataSchemaNode } from '../data/index.ts';
import type { NestedStateProvider } from '../management/index.ts';
import { resolveDataNode } from '../management/index.ts';
import type { LeafNode, SchemaTree } from '../yang/index.ts';
import type { CryptoList, StoredMaterialCache } from './crypto-lists.ts';
import { CRYPTO_LISTS } from './crypto-lists.ts';
import { keyDetailsOf } from './key-material.ts';

/** The details provider of one key list. */
const detailsProvider = (schema: SchemaTree, list: CryptoList, cache: StoredMaterialCache): NestedStateProvider => {
  const node = `${list.path}/details`;
  const detailsNode = resolveDataNode(schema, node) as InnerSchemaNode;
  const keystoreNode = resolveDataNode(schema, `${list.path}/keystore`);
  if (!isDataSchemaNode(keystoreNode) || keystoreNode.kind !== 'leaf')
    throw new TypeError(`${list.path} has no keystore leaf`);
  return {
    node,
    build: (entry: InstanceNode): Slot => {
      const value = getLeaf(entry, keystoreNode as LeafNode);
      if (typeof value !== 'string') return undefined;
      const material = cache.get(list, value);
      if (material === undefined) return undefined;
      return decodeJson(detailsNode, keyDetailsOf(material), { schema, qualifiedTop: false });
    },
  };
};

/** The details providers of every key list the schema has. */
export const keyDetailsProviders = (schema: SchemaTree, cache: StoredMaterialCache): NestedStateProvider[] =>
  CRYPTO_LISTS.filter((list) => {
    try {
      resolveDataNode(schema, `${list.path}/details`);
      return true;
    } catch {
      return false;
    }
  }).map((list) => detailsProvider(schema, list, cache));
