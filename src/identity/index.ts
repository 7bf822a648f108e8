/**
 * @module identity
 * Everything specific to the identity service's model (models/base and the profile modules):
 * secrets at rest, key material, the crypto actions, key details and the management port's
 * keystore. Only the composition root (src/server) uses it. Re-exports only.
 */
export type { AdminKeystore, AdminTlsOptions } from './admin-tls.ts';
export { ADMIN_KEYSTORE_LEAF, AdminKeystoreReader, bindAdminTls, generateAdminKeystore } from './admin-tls.ts';
export { ConfigCipher, ConfigDecryptionError, isEncryptedValue, parseEncryptedValue } from './config-cipher.ts';
export type { ConfigKey, ResolveConfigKeyOptions } from './config-key.ts';
export {
  CONFIG_KEY_FILE,
  CONFIG_KEY_VARIABLE,
  ConfigKeyError,
  createConfigKeyFile,
  parseConfigKey,
  resolveConfigKey,
} from './config-key.ts';
export type { CredentialManagerBindingOptions } from './credential-manager-binding.ts';
export { CredentialManagerBinding } from './credential-manager-binding.ts';
export type { CredentialManagerSetting } from './credential-manager-config-reader.ts';
export { readCredentialManagerSetting } from './credential-manager-config-reader.ts';
export type { CryptoList } from './crypto-lists.ts';
export { CRYPTO_LISTS, PEM_MEDIA_TYPE } from './crypto-lists.ts';
export { identityLeafTransforms, installIdentityModel } from './identity-model.ts';
export type { KeyDetails, KeyMaterial, KeyType } from './key-material.ts';
export { KeyMaterialError, keyDetailsOf, readPrivateMaterial, readPublicMaterial } from './key-material.ts';
export type {
  BoundManagementAuthentication,
  ManagementAuthentication,
  ManagementAuthenticationOptions,
  WebUiOAuthSignIn,
} from './management-authentication.ts';
export {
  bindManagementAuthentication,
  ManagementAuthenticationReader,
  RESTCONF_CONTAINER,
} from './management-authentication.ts';
export type { SecretsSummary } from './secrets-check.ts';
export { checkSecretsReadable, collectSecretValues } from './secrets-check.ts';
export { sameNodes, topLevelJson, topLevelNodes } from './top-level-json.ts';
export { WEB_UI_CONTAINER, webUiSwitch } from './web-ui-switch.ts';
