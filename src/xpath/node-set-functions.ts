/**
 * @module xpath/node-set-functions
 * The node-set functions of the core library: last, position, count, id, local-name,
 * namespace-uri, name. @see W3C XPath 1.0 §4.1
 */
import type { EvaluationEnv, XPathFunctionImplementation } from './evaluation-env.ts';
import { XPathEvaluationError } from './xpath-evaluation-error.ts';
import { isNodeSet, type XPathNodeSet, type XPathValue } from './xpath-value.ts';

/** Returns `value` if it is a node-set, else throws the type error of §3.2. */
export function requireNodeSet<N>(value: XPathValue<N> | undefined, functionName: string): XPathNodeSet<N> {
  if (value !== undefined && isNodeSet(value)) return value;
  throw new XPathEvaluationError(`Function "${functionName}" expects a node-set argument`);
}

/** The node a name function reports on: the first of its argument, or the context node. */
function subjectOf<N>(node: N, args: readonly XPathValue<N>[], functionName: string): N | undefined {
  if (args.length === 0) return node;
  return requireNodeSet(args[0], functionName)[0];
}

/** Whether the node has a name (elements and attributes). */
function isNamed<N>(env: EvaluationEnv<N>, node: N): boolean {
  const kind = env.navigator.kind(node);
  return kind === 'element' || kind === 'attribute';
}

/** Node-set functions by name. @see W3C XPath 1.0 §4.1 */
export const NODE_SET_FUNCTIONS: ReadonlyMap<string, XPathFunctionImplementation> = new Map<
  string,
  XPathFunctionImplementation
>([
  ['last', (_env, _node, _position, size) => size],
  ['position', (_env, _node, position) => position],
  ['count', (_env, _node, _position, _size, args) => requireNodeSet(args[0], 'count').length],
  // Our trees have no DTD, hence no ID attributes: id() always selects nothing (allowed by §4.1).
  ['id', () => []],
  [
    'local-name',
    (env, node, _position, _size, args) => {
      const subject = subjectOf(node, args, 'local-name');
      return subject !== undefined && isNamed(env, subject) ? env.navigator.localName(subject) : '';
    },
  ],
  [
    'namespace-uri',
    (env, node, _position, _size, args) => {
      const subject = subjectOf(node, args, 'namespace-uri');
      return subject !== undefined && isNamed(env, subject) ? env.navigator.namespace(subject) : '';
    },
  ],
  [
    'name',
    (env, node, _position, _size, args) => {
      const subject = subjectOf(node, args, 'name');
      if (subject === undefined || !isNamed(env, subject)) return '';
      return env.navigator.qualifiedName?.(subject) ?? env.navigator.localName(subject);
    },
  ],
]);
