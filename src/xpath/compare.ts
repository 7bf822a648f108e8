/**
 * @module xpath/compare
 * The comparison semantics of W3C XPath 1.0 §3.4: existential comparisons involving node-sets,
 * and the boolean > number > string conversion order for `=` and `!=`.
 */
import type { XPathNavigator } from './xpath-navigator.ts';
import { isNodeSet, stringToNumber, toXPathBoolean, toXPathNumber, type XPathValue } from './xpath-value.ts';

/** The six comparison operators. @see W3C XPath 1.0 §3.4 */
export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** The operator that gives the same result with its operands swapped. */
const SWAPPED: Readonly<Record<ComparisonOperator, ComparisonOperator>> = {
  '=': '=',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/** Compares two values exactly as XPath 1.0 specifies. @see W3C XPath 1.0 §3.4 */
export function compareXPathValues<N>(
  operator: ComparisonOperator,
  left: XPathValue<N>,
  right: XPathValue<N>,
  navigator: XPathNavigator<N>,
): boolean {
  if (isNodeSet(left)) {
    return isNodeSet(right)
      ? compareNodeSets(operator, left, right, navigator)
      : compareNodeSetWith(operator, left, right, navigator);
  }
  if (isNodeSet(right)) return compareNodeSetWith(SWAPPED[operator], right, left, navigator);
  if (operator === '=' || operator === '!=') {
    let equal: boolean;
    if (typeof left === 'boolean' || typeof right === 'boolean') {
      equal = toXPathBoolean(left) === toXPathBoolean(right);
    } else if (typeof left === 'number' || typeof right === 'number') {
      equal = toXPathNumber(left, navigator) === toXPathNumber(right, navigator);
    } else {
      equal = left === right;
    }
    return operator === '=' ? equal : !equal;
  }
  return compareNumbers(operator, toXPathNumber(left, navigator), toXPathNumber(right, navigator));
}

/** Compares two numbers with IEEE 754 semantics (any comparison with NaN is false, except `!=`). */
export function compareNumbers(operator: ComparisonOperator, left: number, right: number): boolean {
  switch (operator) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}

function compareNodeSetWith<N>(
  operator: ComparisonOperator,
  nodes: readonly N[],
  other: boolean | number | string,
  navigator: XPathNavigator<N>,
): boolean {
  if (typeof other === 'boolean') {
    const own = nodes.length > 0;
    return operator === '=' || operator === '!='
      ? (own === other) === (operator === '=')
      : compareNumbers(operator, own ? 1 : 0, other ? 1 : 0);
  }
  if (typeof other === 'string' && (operator === '=' || operator === '!=')) {
    const wantEqual = operator === '=';
    for (const node of nodes) if ((navigator.stringValue(node) === other) === wantEqual) return true;
    return false;
  }
  const number = typeof other === 'number' ? other : stringToNumber(other);
  for (const node of nodes) {
    if (compareNumbers(operator, stringToNumber(navigator.stringValue(node)), number)) return true;
  }
  return false;
}

function compareNodeSets<N>(
  operator: ComparisonOperator,
  left: readonly N[],
  right: readonly N[],
  navigator: XPathNavigator<N>,
): boolean {
  if (left.length === 0 || right.length === 0) return false;
  if (operator === '=') {
    if (right.length === 1) return compareNodeSetWith('=', left, navigator.stringValue(right[0] as N), navigator);
    if (left.length === 1) return compareNodeSetWith('=', right, navigator.stringValue(left[0] as N), navigator);
    const values = new Set<string>();
    for (const node of right) values.add(navigator.stringValue(node));
    for (const node of left) if (values.has(navigator.stringValue(node))) return true;
    return false;
  }
  if (operator === '!=') {
    // Some pair differs unless every node on both sides has one and the same string-value.
    const first = navigator.stringValue(left[0] as N);
    for (const node of left) if (navigator.stringValue(node) !== first) return true;
    for (const node of right) if (navigator.stringValue(node) !== first) return true;
    return false;
  }
  // Some pair satisfies a relational operator iff the extreme values do.
  const [leftMin, leftMax] = numericRange(left, navigator);
  const [rightMin, rightMax] = numericRange(right, navigator);
  switch (operator) {
    case '<':
      return leftMin < rightMax;
    case '<=':
      return leftMin <= rightMax;
    case '>':
      return leftMax > rightMin;
    default:
      return leftMax >= rightMin;
  }
}

/** The least and greatest numeric string-values, ignoring NaN; [NaN, NaN] if there are none. */
function numericRange<N>(nodes: readonly N[], navigator: XPathNavigator<N>): readonly [number, number] {
  let min = Number.NaN;
  let max = Number.NaN;
  for (const node of nodes) {
    const value = stringToNumber(navigator.stringValue(node));
    if (Number.isNaN(value)) continue;
    if (!(value >= min)) min = value;
    if (!(value <= max)) max = value;
  }
  return [min, max];
}
