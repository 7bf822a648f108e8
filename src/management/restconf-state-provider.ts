/**
 * @module management/restconf-state-provider
 * `ietf-restconf-monitoring:restconf-state`: the capabilities the RESTCONF front-end announces
 * (its query parameters and with-defaults basic mode) and the event streams with their access
 * locations, which the front-end decides (`streams` is absent when the server offers none).
 * @see RFC 8040 §9.1, §9.3
 */
import type { Slot } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { EventStreams } from './event-streams.ts';
import type { Session } from './session.ts';
import type { StateProvider } from './state-provider.ts';
import { slotFromJson } from './state-provider.ts';

/** Where a stream can be read in one encoding. @see RFC 8040 §9.3 (`access`) */
export interface StreamAccess {
  readonly encoding: string;
  readonly location: string;
}

/** The streams `restconf-state` lists, and their locations as the session reaches them. */
export interface RestconfStreams {
  readonly events: EventStreams;
  readonly access: (session: Session, stream: string) => readonly StreamAccess[];
}

const NODE = 'ietf-restconf-monitoring:restconf-state';

/** The provider of `restconf-state` with the capability URIs given. @see RFC 8040 §9.1.1 */
export const restconfStateProvider = (
  schema: SchemaTree,
  capabilities: readonly string[],
  streams?: RestconfStreams,
): StateProvider => {
  const capabilitiesJson = { capability: [...capabilities] };
  const fixed = slotFromJson(schema, NODE, { capabilities: capabilitiesJson });
  return {
    node: NODE,
    build: async (session): Promise<Slot> => {
      const described = streams === undefined ? [] : await streams.events.describe();
      if (streams === undefined || described.length === 0) return fixed;
      return slotFromJson(schema, NODE, {
        capabilities: capabilitiesJson,
        streams: {
          stream: described.map((stream) => ({
            name: stream.name,
            description: stream.description,
            'replay-support': stream.replaySupport,
            ...(stream.replayLogCreationTime === undefined
              ? {}
              : { 'replay-log-creation-time': stream.replayLogCreationTime }),
            access: streams.access(session, stream.name),
          })),
        },
      });
    },
  };
};
