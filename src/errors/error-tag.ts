/**
 * @module errors/error-tag
 * The NETCONF/RESTCONF error vocabulary: error-tag and error-type values.
 * @see RFC 6241 Appendix A, RFC 8040 §7
 */

/** An `error-tag` value. @see RFC 6241 Appendix A */
export type ErrorTag =
  | 'in-use'
  | 'invalid-value'
  | 'too-big'
  | 'missing-attribute'
  | 'bad-attribute'
  | 'unknown-attribute'
  | 'missing-element'
  | 'bad-element'
  | 'unknown-element'
  | 'unknown-namespace'
  | 'access-denied'
  | 'lock-denied'
  | 'resource-denied'
  | 'rollback-failed'
  | 'data-exists'
  | 'data-missing'
  | 'operation-not-supported'
  | 'operation-failed'
  | 'partial-operation'
  | 'malformed-message';

/** An `error-type` value: the protocol layer where the error occurred. @see RFC 8040 §7.1 */
export type ErrorType = 'transport' | 'rpc' | 'protocol' | 'application';

/** Every error-tag, for exhaustive tables and tests. */
export const ERROR_TAGS: readonly ErrorTag[] = [
  'in-use',
  'invalid-value',
  'too-big',
  'missing-attribute',
  'bad-attribute',
  'unknown-attribute',
  'missing-element',
  'bad-element',
  'unknown-element',
  'unknown-namespace',
  'access-denied',
  'lock-denied',
  'resource-denied',
  'rollback-failed',
  'data-exists',
  'data-missing',
  'operation-not-supported',
  'operation-failed',
  'partial-operation',
  'malformed-message',
];
