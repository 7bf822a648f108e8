/**
 * @module management/operation-data-check
 * The checks an operation's input or output needs beyond what decoding does (types, unknown
 * nodes, keys): mandatory leaves and choices, and min/max-elements. `must` and `when` inside
 * operations are not evaluated yet.
 * @see RFC 7950 §7.14.2–7.14.3 (input and output), §8.3.3, §15.6
 */
import type { InstanceNode, InstancePath, InstancePathStep, LeafListValues, ListInstance } from '../data/index.ts';
import { emptyInstance, formatInstancePath, getChild, isDataSchemaNode, keyValuesOf } from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import { ConstraintViolationError, DataMissingError, MissingElementError } from '../errors/index.ts';
import type { ChoiceNode, InputOutputNode, SchemaNode } from '../yang/index.ts';

const hasData = (node: InstanceNode, children: readonly SchemaNode[]): boolean =>
  children.some((child) => {
    if (child.kind === 'choice' || child.kind === 'case') return hasData(node, child.children);
    return isDataSchemaNode(child) && getChild(node, child) !== undefined;
  });

const chosenCase = (node: InstanceNode, choice: ChoiceNode): SchemaNode | undefined =>
  choice.children.find((caseNode) => hasData(node, [caseNode]));

const countCheck = (
  what: string,
  count: number,
  min: number,
  max: number | undefined,
  path: string,
  errors: ManagementError[],
): void => {
  if (count < min)
    errors.push(
      new ConstraintViolationError(`${what} needs at least ${min} entries, not ${count}`, {
        path,
        appTag: 'too-few-elements',
      }),
    );
  if (max !== undefined && count > max)
    errors.push(
      new ConstraintViolationError(`${what} allows at most ${max} entries, not ${count}`, {
        path,
        appTag: 'too-many-elements',
      }),
    );
};

/** Where the checked data sits, for error-paths: the operation's path and `input` or `output`. */
interface Scope {
  readonly prefix: string;
  readonly module: string;
  readonly errors: ManagementError[];
}

// `/m:a/b` below the operation `/m:op` is written `/m:op/input/a/b`.
const pathText = (scope: Scope, path: InstancePath): string => {
  const relative = path.length === 0 ? '' : formatInstancePath(path);
  const own = `/${scope.module}:`;
  return scope.prefix + (relative.startsWith(own) ? `/${relative.slice(own.length)}` : relative);
};

const checkChildren = (node: InstanceNode, children: readonly SchemaNode[], path: InstancePath, scope: Scope): void => {
  const { errors } = scope;
  const here = pathText(scope, path);
  for (const child of children) {
    if (child.kind === 'choice') {
      const chosen = chosenCase(node, child);
      if (chosen === undefined) {
        if (child.mandatory)
          errors.push(
            new DataMissingError(`choice ${child.name} needs one of its cases`, {
              path: here,
              appTag: 'missing-choice',
            }),
          );
      } else if (chosen.kind === 'case') checkChildren(node, chosen.children, path, scope);
      continue;
    }
    if (child.kind === 'case' || !isDataSchemaNode(child)) continue;
    const step: InstancePathStep = { schema: child };
    const value = getChild(node, child);
    switch (child.kind) {
      case 'leaf':
      case 'anydata':
      case 'anyxml':
        if (value === undefined && child.mandatory)
          errors.push(
            new MissingElementError(`${child.kind} ${child.name} is mandatory`, {
              path: pathText(scope, [...path, step]),
              info: { 'bad-element': child.name },
            }),
          );
        break;
      case 'container':
        if (value !== undefined) checkChildren(value as InstanceNode, child.children, [...path, step], scope);
        else if (child.presence === undefined)
          checkChildren(emptyInstance(child), child.children, [...path, step], scope);
        break;
      case 'leaf-list': {
        const count = (value as LeafListValues | undefined)?.length ?? 0;
        countCheck(
          `leaf-list ${child.name}`,
          count,
          child.minElements,
          child.maxElements,
          pathText(scope, [...path, step]),
          errors,
        );
        break;
      }
      case 'list': {
        const list = value as ListInstance | undefined;
        countCheck(
          `list ${child.name}`,
          list?.entries.size ?? 0,
          child.minElements,
          child.maxElements,
          pathText(scope, [...path, step]),
          errors,
        );
        for (const entry of list?.entries.values() ?? []) {
          const keys = child.keys.length === 0 ? undefined : keyValuesOf(entry);
          checkChildren(entry, child.children, [...path, keys === undefined ? step : { schema: child, keys }], scope);
        }
        break;
      }
    }
  }
};

/**
 * Every violation of mandatory, min-elements and max-elements in an operation's input or
 * output; `operationPath` is the operation's error-path (`/example-ops:reboot`).
 */
export const checkOperationData = (data: InstanceNode<InputOutputNode>, operationPath: string): ManagementError[] => {
  const errors: ManagementError[] = [];
  const scope: Scope = { prefix: `${operationPath}/${data.schema.kind}`, module: data.schema.module, errors };
  checkChildren(data, data.schema.children, [], scope);
  return errors;
};
