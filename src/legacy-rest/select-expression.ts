/**
 * @module legacy-rest/select-expression
 * The `select` query parameter: `;` separates selections, `a/b` selects a nested node,
 * `a(b;c)` several nodes below `a`, `a(*)` everything below `a`. Node names may be qualified
 * with a module name or prefix, as in paths.
 * @see shared/spec/legacy-rest.md Decision 4, §6.4
 */
import type { DataSchemaNode, InnerSchemaNode } from '../data/index.ts';
import { slotTableOf } from '../data/index.ts';
import { InvalidValueError, isManagementError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { pickNamed } from './node-name.ts';

/** What one `select` item chose for a node; several items may name the same node. */
export interface SelectItem {
  /** `a(*)`: the whole subtree. */
  readonly all: boolean;
  /** `a`: the node itself, rendered as the depth mode renders a child. */
  readonly node: boolean;
  /** `a/b`, `a(b;c)`: selections below the node. */
  readonly below: SelectMap;
}

/** Selected children of one node. */
export type SelectMap = ReadonlyMap<DataSchemaNode, SelectItem>;

/** A parsed `select`: `all` (a top-level `*`) or the selected children of the target. */
export type SelectSpec = 'all' | SelectMap;

interface MutableItem {
  all: boolean;
  node: boolean;
  readonly below: MutableMap;
}
type MutableMap = Map<DataSchemaNode, MutableItem>;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?/;

class SelectParser {
  readonly #text: string;
  readonly #schema: SchemaTree;
  #position = 0;

  constructor(text: string, schema: SchemaTree) {
    this.#text = text;
    this.#schema = schema;
  }

  fail(message: string): never {
    throw new InvalidValueError(`select: ${message} at offset ${this.#position} of "${this.#text}"`);
  }

  get next(): string | undefined {
    return this.#text[this.#position];
  }

  /** items separated by `;`, up to `)` or the end; `*` anywhere selects every child. */
  parseList(parent: InnerSchemaNode, into: MutableMap): 'all' | undefined {
    let all = false;
    for (;;) {
      if (this.next === '*') {
        this.#position++;
        all = true;
      } else this.parseItem(parent, into);
      if (this.next !== ';') return all ? 'all' : undefined;
      this.#position++;
    }
  }

  /** name [ "/" item | "(" list ")" ] */
  parseItem(parent: InnerSchemaNode, into: MutableMap): void {
    const node = this.parseName(parent);
    let item = into.get(node);
    if (item === undefined) {
      item = { all: false, node: false, below: new Map() };
      into.set(node, item);
    }
    const after = this.next;
    if (after !== '/' && after !== '(') {
      item.node = true;
      return;
    }
    this.#position++;
    if (node.kind !== 'container' && node.kind !== 'list') this.fail(`${node.name} has no child nodes`);
    if (after === '/') {
      this.parseItem(node, item.below);
      return;
    }
    if (this.parseList(node, item.below) === 'all') item.all = true;
    if (this.next !== ')') this.fail('expected ")"');
    this.#position++;
  }

  parseName(parent: InnerSchemaNode): DataSchemaNode {
    const name = NAME.exec(this.#text.slice(this.#position))?.[0];
    if (name === undefined) this.fail('expected a node name');
    try {
      const node = pickNamed(this.#schema, slotTableOf(parent).nodes, name, 'the selection');
      this.#position += name.length;
      return node;
    } catch (error) {
      if (isManagementError(error)) this.fail(error.message);
      throw error;
    }
  }

  atEnd(): boolean {
    return this.#position === this.#text.length;
  }
}

/**
 * Parses a `select` value relative to the target's schema node (for a collection, relative to
 * its entries; for a datastore, to the top-level nodes). Throws InvalidValueError on bad syntax
 * or names. @see spec §6.4
 */
export const parseSelect = (text: string, target: InnerSchemaNode, schema: SchemaTree): SelectSpec => {
  const parser = new SelectParser(text, schema);
  const spec: MutableMap = new Map();
  const all = parser.parseList(target, spec);
  if (!parser.atEnd()) parser.fail('unexpected character');
  return all ?? spec;
};
