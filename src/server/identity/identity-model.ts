/**
 * @module server/identity/identity-model
 * Wires what is specific to the identity service's model into the generic management layer:
 * the transforms that keep secrets encrypted, the computed key details, and the crypto actions.
 * Nothing outside src/server knows the model (DESIGN §3).
 */
import type { ManagementService } from '../../management/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { registerCryptoActions } from './crypto-actions.ts';
import { StoredMaterialCache } from './crypto-lists.ts';
import { keyDetailsProviders } from './key-details-provider.ts';
import { keystoreLeafTransform, secretLeafTransform } from './secret-transforms.ts';

/** Installs the identity model's handlers on `management`; parts the schema lacks are skipped. */
export const installIdentityModel = (management: ManagementService, cipher: ConfigCipher): void => {
  const { schema } = management;
  management.registerLeafTransform(secretLeafTransform(cipher));
  management.registerLeafTransform(keystoreLeafTransform(schema, cipher));
  for (const provider of keyDetailsProviders(schema, new StoredMaterialCache(cipher)))
    management.registerNestedStateProvider(provider);
  registerCryptoActions(management, cipher);
};
