/**
 * @module identity/identity-model
 * Wires what is specific to the identity service's model into the generic management layer:
 * the transforms that keep secrets encrypted, the computed key details, and the crypto actions.
 * Nothing outside src/server knows the model (DESIGN §3).
 */
import type { LeafTransform, ManagementService } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { registerCryptoActions } from './crypto-actions.ts';
import { StoredMaterialCache } from './crypto-lists.ts';
import { keyDetailsProviders } from './key-details-provider.ts';
import { keystoreLeafTransform, secretLeafTransform } from './secret-transforms.ts';

/**
 * The transforms every write of configuration must pass through: secrets encrypted, imported key
 * material in its stored form. The server's writes and the offline `idconf restore` use them.
 */
export const identityLeafTransforms = (schema: SchemaTree, cipher: ConfigCipher): readonly LeafTransform[] => [
  secretLeafTransform(cipher),
  keystoreLeafTransform(schema, cipher),
];

/** Installs the identity model's handlers on `management`; parts the schema lacks are skipped. */
export const installIdentityModel = (management: ManagementService, cipher: ConfigCipher): void => {
  const { schema } = management;
  for (const transform of identityLeafTransforms(schema, cipher)) management.registerLeafTransform(transform);
  for (const provider of keyDetailsProviders(schema, new StoredMaterialCache(cipher)))
    management.registerNestedStateProvider(provider);
  registerCryptoActions(management, cipher);
};
