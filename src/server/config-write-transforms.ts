/**
 * @module server/config-write-transforms
 * The leaf transforms of the identity model for a write made without a running server (the
 * offline `idconf restore`): the same secret encryption and key-material storage as the API's
 * writes, keyed like the server (`IDCONF_CONFIG_ENCRYPTION_KEY`, else the data dir's key file,
 * created when missing).
 */

import { createConfigKeyFile, identityLeafTransforms, resolveConfigKey } from '../identity/index.ts';
import { LeafTransforms } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/** The transforms a configuration write to `dataDir` must pass through. */
export const configWriteTransforms = async (dataDir: string, schema: SchemaTree): Promise<LeafTransforms> => {
  const key =
    (await resolveConfigKey({ dataDir, fromEnvironment: process.env.IDCONF_CONFIG_ENCRYPTION_KEY })) ??
    (await createConfigKeyFile(dataDir));
  const transforms = new LeafTransforms();
  for (const transform of identityLeafTransforms(schema, key.cipher)) transforms.register(transform);
  return transforms;
};
