/**
 * @module management/restconf-state-provider
 * `ietf-restconf-monitoring:restconf-state`: the capabilities the RESTCONF front-end announces
 * (its query parameters and with-defaults basic mode) and its event streams (none).
 * @see RFC 8040 §9.1
 */
import type { SchemaTree } from '../yang/index.ts';
import type { StateProvider } from './state-provider.ts';
import { slotFromJson } from './state-provider.ts';

/** The provider of `restconf-state` with the capability URIs given. @see RFC 8040 §9.1.1 */
export const restconfStateProvider = (schema: SchemaTree, capabilities: readonly string[]): StateProvider => {
  const slot = slotFromJson(schema, 'ietf-restconf-monitoring:restconf-state', {
    capabilities: { capability: [...capabilities] },
  });
  return { node: 'ietf-restconf-monitoring:restconf-state', build: () => slot };
};
