/**
 * @module management/nacm-state-provider
 * The NACM counters as the state leaves of the `ietf-netconf-acm:nacm` container: operations,
 * data writes and notifications denied since the server started.
 * @see RFC 8341 §3.5.2
 */
import type { NacmCounters } from '../nacm/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { NestedStateProvider } from './nested-state.ts';
import { resolveDataNode } from './nested-state.ts';

const COUNTERS = {
  'denied-operations': (counters: NacmCounters) => counters.deniedOperations,
  'denied-data-writes': (counters: NacmCounters) => counters.deniedDataWrites,
  'denied-notifications': (counters: NacmCounters) => counters.deniedNotifications,
} as const;

/** The providers of the three counters, for the ones the schema has. */
export const nacmStateProviders = (schema: SchemaTree, counters: NacmCounters): NestedStateProvider[] =>
  Object.entries(COUNTERS).flatMap(([name, read]) => {
    const node = `/ietf-netconf-acm:nacm/${name}`;
    try {
      resolveDataNode(schema, node);
    } catch {
      return [];
    }
    return [{ node, build: () => read(counters) }];
  });
