/**
 * @module xpath/document-order
 * Puts node lists into document order without duplicates, as node-sets require.
 */
import type { XPathNavigator } from './xpath-navigator.ts';

/**
 * Returns `nodes` sorted in document order without duplicates; returns the same array when
 * it already is (the common case), so callers pay only one comparison per node.
 * @see W3C XPath 1.0 §5
 */
export function sortDocumentOrder<N>(navigator: XPathNavigator<N>, nodes: N[]): N[] {
  let sorted = true;
  for (let index = 1; index < nodes.length; index++) {
    if (navigator.compareDocumentOrder(nodes[index - 1] as N, nodes[index] as N) >= 0) {
      sorted = false;
      break;
    }
  }
  if (sorted) return nodes;
  const unique = [...new Set(nodes)];
  unique.sort((a, b) => navigator.compareDocumentOrder(a, b));
  return unique;
}
