/**
 * @module management/yang-library-provider
 * The YANG library as operational state: RFC 8525 `yang-library` (with the NMDA datastores the
 * server implements) and the RFC 7895 `modules-state` kept for older clients, each module with
 * the URL its source is served at.
 * Both are fixed for the life of the server except for that URL's origin, so they are built
 * once per origin.
 * @see RFC 8525 §3, RFC 7895 §2.2, RFC 8040 §10.1, RFC 8527 §2
 */
import type { Slot } from '../data/index.ts';
import type { LoadedModule, SchemaTree } from '../yang/index.ts';
import { modulesStateData, yangLibraryData } from '../yang/index.ts';
import { NMDA_DATASTORES } from './nmda-datastores.ts';
import type { Session } from './session.ts';
import type { StateProvider } from './state-provider.ts';
import { slotFromJson } from './state-provider.ts';

/**
 * Where the source of a module or submodule is served, as the YANG library's `location` and
 * `schema` leaves announce it; undefined when it is not served.
 */
export type SchemaLocation = (name: string, revision: string | undefined, session: Session) => string | undefined;

// Origins come from request headers: keep only a few built libraries.
const MAX_CACHED_ORIGINS = 8;

const cachedBuilder = (build: (session: Session) => Slot): ((session: Session) => Slot) => {
  const cache = new Map<string, Slot>();
  return (session) => {
    const key = session.origin ?? '';
    if (cache.has(key)) return cache.get(key);
    const built = build(session);
    if (cache.size >= MAX_CACHED_ORIGINS) cache.clear();
    cache.set(key, built);
    return built;
  };
};

/** The providers of `ietf-yang-library:yang-library` and `ietf-yang-library:modules-state`. */
export const yangLibraryProviders = (
  schema: SchemaTree,
  modules: readonly LoadedModule[],
  schemaLocation: SchemaLocation | undefined,
): readonly StateProvider[] => {
  const optionsFor = (session: Session) => ({
    datastores: NMDA_DATASTORES,
    schemaUrl: (name: string, revision: string | undefined) => schemaLocation?.(name, revision, session),
  });
  const library = cachedBuilder((session) =>
    slotFromJson(
      schema,
      'ietf-yang-library:yang-library',
      yangLibraryData(modules, optionsFor(session))['ietf-yang-library:yang-library'],
    ),
  );
  const state = cachedBuilder((session) =>
    slotFromJson(
      schema,
      'ietf-yang-library:modules-state',
      modulesStateData(modules, optionsFor(session))['ietf-yang-library:modules-state'],
    ),
  );
  return [
    { node: 'ietf-yang-library:yang-library', build: library },
    { node: 'ietf-yang-library:modules-state', build: state },
  ];
};
