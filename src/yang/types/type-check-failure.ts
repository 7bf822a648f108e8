/**
 * @module yang/types/type-check-failure
 * The description of a value that does not fit its type: a message (the module's
 * `error-message` when set) and the module's `error-app-tag`, if any.
 * @see RFC 7950 §7.5.4.1, §8.3.1
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { ErrorAnnotation } from '../type-spec.ts';

/** Why a value was rejected by its type. @see RFC 7950 §8.3.1 */
export interface TypeCheckFailure {
  readonly kind: 'type-check-failure';
  readonly message: string;
  readonly appTag?: string;
}

/**
 * Builds a failure; the restriction's `error-message` replaces the default message and its
 * `error-app-tag` is kept. @see RFC 7950 §7.5.4.1
 */
export const typeCheckFailure = (message: string, annotation?: ErrorAnnotation): TypeCheckFailure => {
  const text = annotation?.errorMessage ?? message;
  return annotation?.errorAppTag === undefined
    ? { kind: 'type-check-failure', message: text }
    : { kind: 'type-check-failure', message: text, appTag: annotation.errorAppTag };
};

/** True when `result` is a {@link TypeCheckFailure} rather than a value. */
export const isTypeCheckFailure = (result: unknown): result is TypeCheckFailure =>
  typeof result === 'object' &&
  result !== null &&
  'kind' in result &&
  (result as { readonly kind: unknown }).kind === 'type-check-failure';

/** Turns a failure into the request-time `invalid-value` error. @see RFC 8040 §7 */
export const toInvalidValueError = (failure: TypeCheckFailure, path?: string): InvalidValueError =>
  new InvalidValueError(failure.message, {
    ...(failure.appTag === undefined ? {} : { appTag: failure.appTag }),
    ...(path === undefined ? {} : { path }),
  });
