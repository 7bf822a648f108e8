/**
 * @module xpath
 * XPath 1.0 (W3C XPath 1.0) with the YANG 1.1 function library (RFC 7950 §10): a parser to an
 * immutable AST, an evaluator over an abstract navigator, and a walker listing the location
 * paths the YANG compiler checks against the schema.
 * May import: util, errors.
 */
export type {
  Axis,
  BinaryExpression,
  BinaryOperator,
  FilterExpression,
  FilterPath,
  FunctionCall,
  LiteralExpression,
  LocationPath,
  NameTest,
  NegateExpression,
  NodeTest,
  NodeType,
  NumberExpression,
  Step,
  TypeTest,
  UnionExpression,
  VariableReference,
  WildcardTest,
  XPathExpression,
  XPathExpressionKind,
} from './ast.ts';
export type { ComparisonOperator } from './compare.ts';
export { compareXPathValues } from './compare.ts';
export { evaluateXPath, evaluateXPathBoolean } from './evaluator.ts';
export type { FunctionSignature, XPathValueType } from './function-signatures.ts';
export { FUNCTION_SIGNATURES } from './function-signatures.ts';
export type { CollectedLocationPath, CollectedStep, LocationPathOrigin } from './location-paths.ts';
export { collectLocationPaths } from './location-paths.ts';
export { parseXPath } from './parser.ts';
export type { XPathContext } from './xpath-context.ts';
export { XPathEvaluationError } from './xpath-evaluation-error.ts';
export type { XPathNavigator, XPathNodeKind } from './xpath-navigator.ts';
export { XPathSyntaxError } from './xpath-syntax-error.ts';
export type { XPathNodeSet, XPathValue } from './xpath-value.ts';
export {
  isNodeSet,
  numberToString,
  stringToNumber,
  toXPathBoolean,
  toXPathNumber,
  toXPathString,
} from './xpath-value.ts';
export { translateXsdRegex } from './xsd-regex.ts';
