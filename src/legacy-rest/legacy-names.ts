/**
 * @module legacy-rest/legacy-names
 * The fixed names of the legacy REST API: where it is mounted, its namespaces and version, its
 * datastores and its two formats.
 * @see shared/spec/legacy-rest.md §2, §5, §9
 */

/** Where the legacy REST API is mounted on the management server (ConfD's `/api`). @see spec §2 */
export const LEGACY_REST_ROOT = '/admin/api/rest';

/** Namespace of the Tail-f REST annotations (`y:self`, `y:operations`, the `data` root), prefix `y`. @see spec §5 */
export const TAILF_REST_NAMESPACE = 'http://tail-f.com/ns/rest';

/** Namespace of the XML error envelope (module `tailf-rest-error`). @see spec §9 */
export const TAILF_REST_ERROR_NAMESPACE = 'http://tail-f.com/ns/tailf-rest-error';

/** Namespace of the Tail-f `<config>` wrapper of CLI dumps, accepted on datastore writes. @see spec §14 */
export const TAILF_CONFIG_NAMESPACE = 'http://tail-f.com/ns/config/1.0';

/** The API version the api root reports. @see spec §5.1 */
export const LEGACY_API_VERSION = '0.5';

/** The datastores of the legacy API: `running` (configuration) and `operational` (read-only, config + state). @see spec Decision 1 */
export type LegacyDatastore = 'running' | 'operational';

/** The two encodings of every representation. */
export type LegacyFormat = 'xml' | 'json';
