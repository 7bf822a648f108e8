/**
 * @module management/event-filter
 * The `filter` of an event stream subscription: an XPath 1.0 expression evaluated as a boolean
 * on each notification's content, with the root as context node and the notification as the
 * root's element (`/ietf-netconf-notifications:netconf-config-change/edit[operation='delete']`).
 * Prefixes are module names; a module's YANG prefix is accepted too when no module has that
 * name. Unprefixed names match any module. The expression is parsed and checked once, when the
 * subscription starts; a notification on which it cannot be evaluated is not sent.
 * @see RFC 8040 §4.8.4
 */
import { InvalidValueError } from '../errors/index.ts';
import type { XPathContext, XPathExpression } from '../xpath/index.ts';
import {
  collectLocationPaths,
  evaluateXPathBoolean,
  parseXPath,
  XPathEvaluationError,
  XPathSyntaxError,
} from '../xpath/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { JsonNode } from './json-navigator.ts';
import { JSON_NAVIGATOR, jsonDocument } from './json-navigator.ts';

/** A parsed `filter`. */
export interface EventFilter {
  /** The expression as given. */
  readonly text: string;
  /** Whether the notification `member` (`module:name`) with RFC 7951 content `json` passes. */
  matches(member: string, json: unknown): boolean;
}

/** Module names, and the YANG prefixes no module name shadows, to module names. */
const prefixResolver = (schema: SchemaTree): ((prefix: string) => string | undefined) => {
  const byPrefix = new Map<string, string>();
  for (const module of schema.modules.values())
    if (!byPrefix.has(module.prefix)) byPrefix.set(module.prefix, module.name);
  return (prefix) => (schema.modules.has(prefix) ? prefix : byPrefix.get(prefix));
};

const filterError = (message: string, cause?: unknown): InvalidValueError =>
  new InvalidValueError(`filter: ${message}`, { type: 'protocol', ...(cause === undefined ? {} : { cause }) });

/**
 * Parses and checks `text`. @throws InvalidValueError (400) when it is not an XPath 1.0
 * expression, names a prefix that is no module, or cannot be evaluated
 */
export const parseEventFilter = (text: string, schema: SchemaTree): EventFilter => {
  let expression: XPathExpression;
  try {
    expression = parseXPath(text);
  } catch (error) {
    if (error instanceof XPathSyntaxError) throw filterError(`not an XPath 1.0 expression: ${error.message}`, error);
    throw error;
  }
  const resolvePrefix = prefixResolver(schema);
  for (const path of collectLocationPaths(expression))
    for (const step of path.steps)
      if (step.prefix !== undefined && resolvePrefix(step.prefix) === undefined)
        throw filterError(`the prefix "${step.prefix}" is not the name of a module this server implements`);
  const contextOf = (document: JsonNode): XPathContext<JsonNode> => ({
    node: document,
    navigator: JSON_NAVIGATOR,
    resolvePrefix,
  });
  // A trial run finds what only evaluation can (an unbound variable, a wrong argument type).
  try {
    evaluateXPathBoolean(expression, contextOf(jsonDocument('ietf-netconf-notifications:netconf-config-change', {})));
  } catch (error) {
    if (error instanceof XPathEvaluationError) throw filterError(`cannot be evaluated: ${error.message}`, error);
    throw error;
  }
  return {
    text,
    matches: (member, json) => {
      try {
        return evaluateXPathBoolean(expression, contextOf(jsonDocument(member, json)));
      } catch (error) {
        if (error instanceof XPathEvaluationError) return false;
        throw error;
      }
    },
  };
};
