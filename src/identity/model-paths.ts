/**
 * @module identity/model-paths
 * Instance paths into the identity model built from schema paths, and the leaves that hold
 * secrets (typedef `base:secret`, and the `keystore` leaf of the key lists).
 */
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import { isDataSchemaNode } from '../data/index.ts';
import { resolveDataNode } from '../management/index.ts';
import type { LeafNode, SchemaNode, SchemaTree, YangValue } from '../yang/index.ts';
import type { CryptoList } from './crypto-lists.ts';
import { CRYPTO_LISTS } from './crypto-lists.ts';

/** The typedef of secrets the server encrypts. */
export const SECRET_TYPEDEF = 'base:secret';

/**
 * The instance path of the node at `schemaPath`; `keys` gives the key values of the list steps
 * in order (the last list may be left without keys to mean all of its entries).
 */
export const instancePathOf = (
  schema: SchemaTree,
  schemaPath: string,
  keys: readonly (readonly YangValue[])[] = [],
): InstancePath => {
  const chain: DataSchemaNode[] = [];
  for (let node: SchemaNode | undefined = resolveDataNode(schema, schemaPath); node !== undefined; node = node.parent)
    if (isDataSchemaNode(node)) chain.unshift(node);
  let listIndex = 0;
  return chain.map((node): InstancePathStep => {
    if (node.kind !== 'list') return { schema: node };
    const values = keys[listIndex++];
    return values === undefined ? { schema: node } : { schema: node, keys: values };
  });
};

/** True for leaves whose type derives from `base:secret`. */
export const isSecretLeaf = (leaf: LeafNode): boolean => leaf.type.typedefs.includes(SECRET_TYPEDEF);

/** The key list whose `keystore` leaf `leaf` is, if it is one. */
export const cryptoListOfLeaf = (schema: SchemaTree, leaf: LeafNode): CryptoList | undefined => {
  if (leaf.name !== 'keystore' || leaf.module !== 'base') return undefined;
  return CRYPTO_LISTS.find((list) => {
    try {
      return resolveDataNode(schema, list.path) === leaf.parent;
    } catch {
      return false;
    }
  });
};
