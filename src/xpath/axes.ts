/**
 * @module xpath/axes
 * Walks each of the thirteen axes from a context node, appending the nodes that pass a node
 * test in axis order (reverse document order for the reverse axes). @see W3C XPath 1.0 §2.2
 */
import type { Axis } from './ast.ts';
import type { XPathNavigator, XPathNodeKind } from './xpath-navigator.ts';

/** A node test with its prefix already resolved, ready to be applied to many nodes. */
export interface ResolvedNodeTest {
  /** The kind a node must have; undefined to accept any kind (`node()`). */
  readonly kind: XPathNodeKind | undefined;
  /** The local name to match; undefined for wildcards and type tests. */
  readonly localName: string | undefined;
  /** The namespace to match; undefined to accept any namespace. */
  readonly namespace: string | undefined;
  /** True for tests that match nothing in our trees (`comment()`, `processing-instruction()`). */
  readonly never: boolean;
}

/** The reverse axes, whose proximity positions count backwards. @see W3C XPath 1.0 §2.4 */
export const REVERSE_AXES: ReadonlySet<Axis> = new Set<Axis>([
  'ancestor',
  'ancestor-or-self',
  'preceding',
  'preceding-sibling',
]);

/** Whether `node` passes `test`. */
export function matchesNodeTest<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest): boolean {
  if (test.kind !== undefined && navigator.kind(node) !== test.kind) return false;
  if (test.localName !== undefined && navigator.localName(node) !== test.localName) return false;
  return test.namespace === undefined || navigator.namespace(node) === test.namespace;
}

/** Appends to `out` the nodes on `axis` from `node` that pass `test`, in axis order. @see W3C XPath 1.0 §2.2 */
export function collectAxis<N>(
  navigator: XPathNavigator<N>,
  node: N,
  axis: Axis,
  test: ResolvedNodeTest,
  out: N[],
): void {
  if (test.never) return;
  switch (axis) {
    case 'child':
      for (const child of navigator.children(node)) if (matchesNodeTest(navigator, child, test)) out.push(child);
      return;
    case 'attribute':
      for (const attribute of navigator.attributes(node)) {
        if (matchesNodeTest(navigator, attribute, test)) out.push(attribute);
      }
      return;
    case 'self':
      if (matchesNodeTest(navigator, node, test)) out.push(node);
      return;
    case 'parent': {
      const parent = navigator.parent(node);
      if (parent !== undefined && matchesNodeTest(navigator, parent, test)) out.push(parent);
      return;
    }
    case 'ancestor-or-self':
      if (matchesNodeTest(navigator, node, test)) out.push(node);
      collectAncestors(navigator, node, test, out);
      return;
    case 'ancestor':
      collectAncestors(navigator, node, test, out);
      return;
    case 'descendant-or-self':
      if (matchesNodeTest(navigator, node, test)) out.push(node);
      collectDescendants(navigator, node, test, out);
      return;
    case 'descendant':
      collectDescendants(navigator, node, test, out);
      return;
    case 'following-sibling':
    case 'preceding-sibling':
      collectSiblings(navigator, node, axis === 'following-sibling', test, out);
      return;
    case 'following':
      collectFollowing(navigator, node, test, out);
      return;
    case 'preceding':
      collectPreceding(navigator, node, test, out);
      return;
    case 'namespace':
      // The navigator exposes no namespace nodes (YANG data has none).
      return;
  }
}

function collectAncestors<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest, out: N[]): void {
  for (let ancestor = navigator.parent(node); ancestor !== undefined; ancestor = navigator.parent(ancestor)) {
    if (matchesNodeTest(navigator, ancestor, test)) out.push(ancestor);
  }
}

/** Pre-order (document order) walk below `node`, excluding it and attributes. */
function collectDescendants<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest, out: N[]): void {
  for (const child of navigator.children(node)) {
    if (matchesNodeTest(navigator, child, test)) out.push(child);
    collectDescendants(navigator, child, test, out);
  }
}

/** Reverse document order walk below `node` (children last to first, each after its subtree). */
function collectDescendantsReversed<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest, out: N[]): void {
  const children = navigator.children(node);
  for (let index = children.length - 1; index >= 0; index--) {
    const child = children[index] as N;
    collectDescendantsReversed(navigator, child, test, out);
    if (matchesNodeTest(navigator, child, test)) out.push(child);
  }
}

/** The siblings after (or, nearest first, before) `node`; none for attributes and the root. */
function collectSiblings<N>(
  navigator: XPathNavigator<N>,
  node: N,
  following: boolean,
  test: ResolvedNodeTest,
  out: N[],
): void {
  const parent = navigator.parent(node);
  if (parent === undefined || navigator.kind(node) === 'attribute') return;
  const siblings = navigator.children(parent);
  const index = siblings.indexOf(node);
  if (following) {
    for (let at = index + 1; at < siblings.length; at++) {
      const sibling = siblings[at] as N;
      if (matchesNodeTest(navigator, sibling, test)) out.push(sibling);
    }
  } else {
    for (let at = index - 1; at >= 0; at--) {
      const sibling = siblings[at] as N;
      if (matchesNodeTest(navigator, sibling, test)) out.push(sibling);
    }
  }
}

/** Everything after `node` in document order except its descendants (an attribute's element's content follows it). */
function collectFollowing<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest, out: N[]): void {
  let from = node;
  if (navigator.kind(node) === 'attribute') {
    const element = navigator.parent(node);
    if (element === undefined) return;
    collectDescendants(navigator, element, test, out);
    from = element;
  }
  for (let at: N | undefined = from; at !== undefined; at = navigator.parent(at)) {
    const parent = navigator.parent(at);
    if (parent === undefined) return;
    const siblings = navigator.children(parent);
    for (let index = siblings.indexOf(at) + 1; index < siblings.length; index++) {
      const sibling = siblings[index] as N;
      if (matchesNodeTest(navigator, sibling, test)) out.push(sibling);
      collectDescendants(navigator, sibling, test, out);
    }
  }
}

/** Everything before `node` except its ancestors, nearest first (reverse document order). */
function collectPreceding<N>(navigator: XPathNavigator<N>, node: N, test: ResolvedNodeTest, out: N[]): void {
  let from: N | undefined = node;
  if (navigator.kind(node) === 'attribute') from = navigator.parent(node);
  for (let at = from; at !== undefined; at = navigator.parent(at)) {
    const parent = navigator.parent(at);
    if (parent === undefined) return;
    const siblings = navigator.children(parent);
    for (let index = siblings.indexOf(at) - 1; index >= 0; index--) {
      const sibling = siblings[index] as N;
      collectDescendantsReversed(navigator, sibling, test, out);
      if (matchesNodeTest(navigator, sibling, test)) out.push(sibling);
    }
  }
}
