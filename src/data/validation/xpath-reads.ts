/**
 * @module data/validation/xpath-reads
 * Which schema nodes an expression can read, found by walking its location paths over the
 * schema, each with its anchor: the highest data node the path reaches from the context node
 * (the root for absolute paths). An instance of a read node can only influence the instances
 * of the context node below the same anchor instance. Expressions whose reads cannot be bounded
 * (`deref()`, variables, the following/preceding axes) are reported as global.
 * @see RFC 7950 §6.4.1, W3C XPath 1.0 §2
 */
import type { LiteralExpression, NodeTest, Step, XPathExpression } from '../../xpath/index.ts';
import type { SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode } from '../instance/index.ts';
import { slotTableOf } from '../instance/index.ts';
import type { CompiledXPath } from './compiled-xpath.ts';
import type { DataLevel } from './schema-walk.ts';
import { ancestorAtDepth, dataParentOf, depthOf, isInnerLevel } from './schema-walk.ts';

/** A schema node an expression reads, and the ancestor of the context node its instances are found under. */
export interface SchemaRead {
  readonly node: DataSchemaNode;
  readonly anchor: DataLevel;
}

/** The reads of an expression, or `global` when they cannot be bounded. */
export type ReadAnalysis = readonly SchemaRead[] | 'global';

/** A set of schema positions and the smallest depth reached on the way there. */
interface Positions {
  readonly levels: readonly DataLevel[];
  readonly top: number;
}

class Unbounded extends Error {}

const EMPTY: Positions = { levels: [], top: Number.POSITIVE_INFINITY };

class Analyzer {
  readonly schema: SchemaTree;
  readonly xpath: CompiledXPath;
  readonly context: DataLevel;
  readonly reads: SchemaRead[] = [];
  /** Each literal compared with `=`/`!=` to a node-set, with the schema nodes that node-set can hold. */
  readonly comparisons = new Map<LiteralExpression, readonly DataLevel[]>();

  constructor(schema: SchemaTree, xpath: CompiledXPath, context: DataLevel) {
    this.schema = schema;
    this.xpath = xpath;
    this.context = context;
  }

  #read(nodes: readonly DataLevel[], top: number): void {
    const anchor = ancestorAtDepth(this.schema, this.context, Math.min(top, depthOf(this.schema, this.context)));
    for (const node of nodes) if (node !== this.schema) this.reads.push({ node: node as DataSchemaNode, anchor });
  }

  #children(level: DataLevel): readonly DataSchemaNode[] {
    return isInnerLevel(level) ? slotTableOf(level).nodes : [];
  }

  #descendants(level: DataLevel, out: DataLevel[]): void {
    for (const child of this.#children(level)) {
      out.push(child);
      this.#descendants(child, out);
    }
  }

  #matches(level: DataLevel, test: NodeTest): boolean {
    if (test.kind === 'type-test') return test.type === 'node';
    if (level === this.schema) return false;
    const node = level as DataSchemaNode;
    if (test.prefix !== undefined && this.xpath.prefixes.get(test.prefix) !== node.module) return false;
    if (test.kind === 'wildcard-test') return true;
    return node.name === test.localName && (test.prefix !== undefined || node.module === this.xpath.defaultModule);
  }

  #parent(level: DataLevel): DataLevel | undefined {
    return level === this.schema ? undefined : dataParentOf(this.schema, level as DataSchemaNode);
  }

  #step(from: Positions, step: Step, current: Positions): Positions {
    let levels: DataLevel[] = [];
    let { top } = from;
    const deeper = (level: DataLevel): number => depthOf(this.schema, level);
    switch (step.axis) {
      case 'child':
        for (const level of from.levels)
          levels.push(...this.#children(level).filter((c) => this.#matches(c, step.test)));
        this.#read(levels, top);
        break;
      case 'descendant':
      case 'descendant-or-self':
        for (const level of from.levels) {
          const all: DataLevel[] = step.axis === 'descendant-or-self' ? [level] : [];
          this.#descendants(level, all);
          levels.push(...all.filter((candidate) => this.#matches(candidate, step.test)));
        }
        this.#read(levels, top);
        break;
      case 'self':
        levels = from.levels.filter((level) => this.#matches(level, step.test));
        break;
      case 'parent':
      case 'ancestor':
      case 'ancestor-or-self':
        for (const level of from.levels) {
          if (step.axis === 'ancestor-or-self') levels.push(level);
          for (
            let up = this.#parent(level);
            up !== undefined;
            up = step.axis === 'parent' ? undefined : this.#parent(up)
          )
            levels.push(up);
        }
        levels = [...new Set(levels)].filter((level) => this.#matches(level, step.test));
        for (const level of levels) top = Math.min(top, deeper(level));
        if (step.axis !== 'parent') top = 0;
        break;
      case 'following-sibling':
      case 'preceding-sibling':
        for (const level of from.levels) {
          const parent = this.#parent(level);
          if (parent === undefined) continue;
          top = Math.min(top, deeper(parent));
          levels.push(...this.#children(parent).filter((c) => this.#matches(c, step.test)));
        }
        this.#read(levels, top);
        break;
      case 'attribute':
      case 'namespace':
        break;
      case 'following':
      case 'preceding':
        throw new Unbounded();
    }
    const result: Positions = { levels: [...new Set(levels)], top };
    for (const predicate of step.predicates) this.nodes(predicate, result, current);
    return result;
  }

  #steps(start: Positions, steps: readonly Step[], current: Positions): Positions {
    let positions = start;
    for (const step of steps) positions = this.#step(positions, step, current);
    return positions;
  }

  /** The positions an expression selects (empty for non-node-set values), recording its reads. */
  nodes(expression: XPathExpression, context: Positions, current: Positions): Positions {
    switch (expression.kind) {
      case 'path': {
        const start = expression.absolute ? { levels: [this.schema], top: 0 } : context;
        return this.#steps(start, expression.steps, current);
      }
      case 'filter-path': {
        const { filter } = expression;
        const isCurrent = filter.kind === 'function' && filter.name === 'current' && filter.args.length === 0;
        const start = isCurrent ? current : this.nodes(filter, context, current);
        if (!isCurrent && start.levels.length === 0) throw new Unbounded();
        return this.#steps(start, expression.steps, current);
      }
      case 'filter': {
        const base = this.nodes(expression.primary, context, current);
        for (const predicate of expression.predicates) this.nodes(predicate, base, current);
        return base;
      }
      case 'union': {
        const parts = expression.operands.map((operand) => this.nodes(operand, context, current));
        return {
          levels: [...new Set(parts.flatMap((part) => part.levels))],
          top: Math.min(...parts.map((part) => part.top)),
        };
      }
      case 'function':
        if (expression.name === 'current') return current;
        if (expression.name === 'deref') throw new Unbounded();
        for (const arg of expression.args) this.nodes(arg, context, current);
        return EMPTY;
      case 'binary': {
        const left = this.nodes(expression.left, context, current);
        const right = this.nodes(expression.right, context, current);
        if (expression.operator === '=' || expression.operator === '!=') {
          if (expression.left.kind === 'literal' && right.levels.length > 0)
            this.comparisons.set(expression.left, right.levels);
          if (expression.right.kind === 'literal' && left.levels.length > 0)
            this.comparisons.set(expression.right, left.levels);
        }
        return EMPTY;
      }
      case 'negate':
        this.nodes(expression.operand, context, current);
        return EMPTY;
      case 'literal':
      case 'number':
        return EMPTY;
      case 'variable':
        throw new Unbounded();
    }
  }
}

/**
 * The schema nodes `xpath` reads when evaluated with an instance of `context` as context and
 * `current()` node. @see RFC 7950 §6.4.1
 */
export const analyzeReads = (schema: SchemaTree, xpath: CompiledXPath, context: DataLevel): ReadAnalysis => {
  if (xpath.expression === undefined) return [];
  const analyzer = new Analyzer(schema, xpath, context);
  const start: Positions = { levels: [context], top: depthOf(schema, context) };
  try {
    analyzer.nodes(xpath.expression, start, start);
  } catch (error) {
    if (error instanceof Unbounded) return 'global';
    throw error;
  }
  return analyzer.reads;
};

/**
 * The literals `xpath` compares with `=` or `!=` to a node-set, with the schema nodes of that
 * node-set; empty when the reads cannot be bounded.
 */
export const comparedLiterals = (
  schema: SchemaTree,
  xpath: CompiledXPath,
  context: DataLevel,
): ReadonlyMap<LiteralExpression, readonly DataLevel[]> => {
  if (xpath.expression === undefined) return new Map();
  const analyzer = new Analyzer(schema, xpath, context);
  const start: Positions = { levels: [context], top: depthOf(schema, context) };
  try {
    analyzer.nodes(xpath.expression, start, start);
  } catch (error) {
    if (error instanceof Unbounded) return new Map();
    throw error;
  }
  return analyzer.comparisons;
};
