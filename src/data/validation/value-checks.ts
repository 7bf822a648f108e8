/**
 * @module data/validation/value-checks
 * Checks of values that the type codecs leave to validation because they need the schema:
 * an instance-identifier must name schema nodes that exist (whatever its require-instance), a
 * `yang:xpath1.0` must be an XPath expression, and a NACM `node-instance-identifier` must be
 * `/` or an absolute path of existing data nodes (key predicates optional) — as libyang's type
 * plugins require.
 * @see RFC 7950 §9.13, RFC 6991 §3 (xpath1.0), RFC 8341 §3.2.5 (node-instance-identifier)
 */
import type { Step } from '../../xpath/index.ts';
import { parseXPath } from '../../xpath/index.ts';
import type { InstanceIdentifier, SchemaNode, SchemaTree, TypeSpec, YangValue } from '../../yang/index.ts';
import { isInstanceIdentifier } from '../../yang/index.ts';

const XPATH = 'ietf-yang-types:xpath1.0';
const NODE_INSTANCE_IDENTIFIER = 'ietf-netconf-acm:node-instance-identifier';

type Level = SchemaTree | SchemaNode;

const childOf = (level: Level, module: string, name: string): SchemaNode | undefined =>
  'dataChildIndex' in level ? level.dataChildIndex.get(`${module}:${name}`) : undefined;

const instanceIdentifierProblem = (schema: SchemaTree, value: InstanceIdentifier): string | undefined => {
  let level: Level = schema;
  for (const step of value.steps) {
    const child = childOf(level, step.module, step.name);
    if (child === undefined) return `the instance-identifier names no node ${step.module}:${step.name}`;
    level = child;
  }
  return undefined;
};

const nodePathProblem = (schema: SchemaTree, text: string): string | undefined => {
  if (text === '/') return undefined;
  let expression: ReturnType<typeof parseXPath>;
  try {
    expression = parseXPath(text);
  } catch (error) {
    return `"${text}" is not a path: ${(error as Error).message}`;
  }
  if (expression.kind !== 'path' || !expression.absolute || expression.steps.length === 0)
    return `"${text}" is not an absolute path`;
  let level: Level = schema;
  let module: string | undefined;
  for (const step of expression.steps as readonly Step[]) {
    if (step.axis !== 'child' || step.test.kind !== 'name-test') return `"${text}" may only name data nodes`;
    module = step.test.prefix ?? module;
    const child: SchemaNode | undefined =
      module === undefined ? undefined : childOf(level, module, step.test.localName);
    if (child === undefined) return `"${text}" names a node that does not exist`;
    level = child;
  }
  return undefined;
};

/** Why `value` of `type` is not acceptable beyond its codec's checks, or undefined. */
export const valueProblem = (schema: SchemaTree, type: TypeSpec, value: YangValue): string | undefined => {
  if (type.base === 'instance-identifier' && isInstanceIdentifier(value))
    return instanceIdentifierProblem(schema, value);
  if (type.base !== 'string' || typeof value !== 'string') return undefined;
  if (type.typedefs.includes(NODE_INSTANCE_IDENTIFIER)) return nodePathProblem(schema, value);
  if (type.typedefs.includes(XPATH)) {
    try {
      parseXPath(value);
    } catch (error) {
      return `"${value}" is not an XPath expression: ${(error as Error).message}`;
    }
  }
  return undefined;
};
