/**
 * @module management/nmda-datastores
 * The NMDA datastores this server implements, by their `ietf-datastores` identity: the running
 * configuration (the one that is written), the intended configuration (equal to running, as
 * the server applies no configuration transformations) and the operational state. The server
 * has no candidate and no separate startup configuration: every commit goes to running and
 * is durable there. The YANG library announces these; RESTCONF serves them below `/ds`.
 * @see RFC 8342 §5, RFC 8525 §3 (datastore), RFC 8527 §3.1
 */

/** The identities (in module ietf-datastores) of the datastores the server implements. */
export const NMDA_DATASTORES = ['running', 'intended', 'operational'] as const;

/** One of {@link NMDA_DATASTORES}. */
export type NmdaDatastore = (typeof NMDA_DATASTORES)[number];
