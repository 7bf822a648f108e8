/**
 * @module data/validation/validation-errors
 * The errors validation reports, one builder per RFC 7950 §15 condition, each with its
 * error-tag, error-app-tag and an error-path in the JSON instance-identifier form.
 * @see RFC 7950 §15, RFC 6241 Appendix A, RFC 8040 §7.1
 */
import {
  ConstraintViolationError,
  DataMissingError,
  InvalidValueError,
  type ManagementError,
  MissingElementError,
} from '../../errors/index.ts';
import type { ChoiceNode, TypeCheckFailure, XPathConstraint } from '../../yang/index.ts';
import type { DataSchemaNode, InstancePath } from '../instance/index.ts';
import { formatInstancePath } from '../instance/index.ts';

const text = (path: InstancePath): string => formatInstancePath(path);

/** A value that breaks a restriction of its type (the restriction's error-message and app-tag). @see RFC 7950 §9 */
export const typeError = (path: InstancePath, failure: TypeCheckFailure): ManagementError =>
  new InvalidValueError(failure.message, {
    path: text(path),
    ...(failure.appTag === undefined ? {} : { appTag: failure.appTag }),
  });

/** A `must` that is false: the module's error-message and error-app-tag, else `must-violation`. @see RFC 7950 §15.3 */
export const mustError = (path: InstancePath, must: XPathConstraint): ManagementError =>
  new ConstraintViolationError(must.errorMessage ?? `must condition "${must.xpath}" is not satisfied`, {
    path: text(path),
    appTag: must.errorAppTag ?? 'must-violation',
  });

/** A node present although its `when` is false. @see RFC 7950 §7.21.5, §8.3.2 */
export const whenError = (path: InstancePath, xpath: string): ManagementError =>
  new ConstraintViolationError(`when condition "${xpath}" is not satisfied`, { path: text(path) });

/** A leafref or instance-identifier whose target does not exist. @see RFC 7950 §15.5 */
export const instanceRequiredError = (path: InstancePath, what: string): ManagementError =>
  new DataMissingError(`the ${what} target of this node does not exist`, {
    path: text(path),
    appTag: 'instance-required',
  });

/** A mandatory leaf or anydata that is absent. @see RFC 7950 §7.6.5, RFC 6241 Appendix A (missing-element) */
export const mandatoryError = (path: InstancePath, node: DataSchemaNode): ManagementError =>
  new MissingElementError(`mandatory ${node.kind} ${node.name} is missing`, {
    path: text(path),
    info: { 'bad-element': node.name },
  });

/** A mandatory choice none of whose cases has data. @see RFC 7950 §15.6 */
export const missingChoiceError = (path: InstancePath, choice: ChoiceNode): ManagementError =>
  new DataMissingError(`mandatory choice ${choice.name} has no data`, {
    path: text(path),
    appTag: 'missing-choice',
    info: { 'missing-choice': choice.name },
  });

/** Too few or too many instances of a list or leaf-list. @see RFC 7950 §15.2, §15.3 */
export const elementCountError = (
  path: InstancePath,
  node: DataSchemaNode,
  tooMany: boolean,
  limit: number,
): ManagementError =>
  new ConstraintViolationError(
    `${node.kind} ${node.name} has ${tooMany ? 'more' : 'fewer'} than ${limit} ${tooMany ? 'max' : 'min'}-elements`,
    { path: text(path), appTag: tooMany ? 'too-many-elements' : 'too-few-elements' },
  );

/** Two list entries with the same values of a `unique` statement. @see RFC 7950 §15.1 */
export const notUniqueError = (path: InstancePath, leaves: string, other: InstancePath): ManagementError =>
  new ConstraintViolationError(`unique "${leaves}" is not satisfied: the same values as ${text(other)}`, {
    path: text(path),
    appTag: 'data-not-unique',
  });

/** State data in a configuration tree. @see RFC 7950 §7.21.1 */
export const stateDataError = (path: InstancePath, node: DataSchemaNode): ManagementError =>
  new InvalidValueError(`${node.kind} ${node.name} is state data (config false) and cannot be configured`, {
    path: text(path),
  });

/** A structural fault: a list entry without a key, keys that disagree with the entry's place, duplicates, two cases. */
export const structureError = (path: InstancePath, message: string, missing = false): ManagementError =>
  missing
    ? new MissingElementError(message, { path: text(path) })
    : new InvalidValueError(message, { path: text(path) });
