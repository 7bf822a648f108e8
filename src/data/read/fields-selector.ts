/**
 * @module data/read/fields-selector
 * The RFC 8040 `fields` query parameter, parsed against the schema into a selector tree.
 * `a(b;c/d)` selects a/b and a/c/d; a selected node comes with its whole subtree.
 * @see RFC 8040 §4.8.3
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode, InnerSchemaNode } from '../instance/index.ts';
import { slotChildByName } from '../instance/index.ts';

/** Selected children: `true` selects a child with its whole subtree, a selector only some of its descendants. */
export type FieldsSelector = ReadonlyMap<DataSchemaNode, FieldsSelector | true>;

type MutableSelector = Map<DataSchemaNode, MutableSelector | true>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*/;

class FieldsParser {
  readonly #text: string;
  readonly #schema: SchemaTree;
  #position = 0;

  constructor(text: string, schema: SchemaTree) {
    this.#text = text;
    this.#schema = schema;
  }

  fail(message: string): never {
    throw new InvalidValueError(`fields: ${message} at offset ${this.#position} of "${this.#text}"`);
  }

  /** fields-expr: items separated by `;`, up to `)` or the end. */
  parseExpression(parent: InnerSchemaNode, module: string | undefined, into: MutableSelector): void {
    for (;;) {
      this.parseItem(parent, module, into);
      if (this.#text[this.#position] !== ';') return;
      this.#position++;
    }
  }

  /** path [ "(" fields-expr ")" ] */
  parseItem(parent: InnerSchemaNode, module: string | undefined, into: MutableSelector): void {
    let selector = into;
    let current = parent;
    let currentModule = module;
    for (;;) {
      const node = this.parseIdentifier(current, currentModule);
      const next = this.#text[this.#position];
      const last = next !== '/' && next !== '(';
      if (last) {
        selector.set(node, true);
        return;
      }
      this.#position++;
      if (node.kind !== 'container' && node.kind !== 'list') this.fail(`${node.name} has no child nodes`);
      const existing = selector.get(node);
      if (existing === true) {
        // Already selected whole: the narrower selection adds nothing, but must still parse.
        const scratch: MutableSelector = new Map();
        if (next === '(') this.parseGroup(node, node.module, scratch);
        else this.parseItem(node, node.module, scratch);
        return;
      }
      const child: MutableSelector = existing ?? new Map();
      selector.set(node, child);
      if (next === '(') {
        this.parseGroup(node, node.module, child);
        return;
      }
      selector = child;
      current = node;
      currentModule = node.module;
    }
  }

  parseGroup(parent: InnerSchemaNode, module: string, into: MutableSelector): void {
    this.parseExpression(parent, module, into);
    if (this.#text[this.#position] !== ')') this.fail('expected ")"');
    this.#position++;
  }

  /** api-identifier = [module-name ":"] identifier */
  parseIdentifier(parent: InnerSchemaNode, module: string | undefined): DataSchemaNode {
    const rest = this.#text.slice(this.#position);
    const first = IDENTIFIER.exec(rest)?.[0];
    if (first === undefined) this.fail('expected a node name');
    this.#position += first.length;
    let nodeModule = module;
    let name = first;
    if (this.#text[this.#position] === ':') {
      this.#position++;
      const second = IDENTIFIER.exec(this.#text.slice(this.#position))?.[0];
      if (second === undefined) this.fail('expected a node name after the module name');
      this.#position += second.length;
      if (!this.#schema.modules.has(first)) this.fail(`unknown module ${first}`);
      nodeModule = first;
      name = second;
    }
    if (nodeModule === undefined) this.fail(`${name} must be module-qualified`);
    const node = slotChildByName(parent, nodeModule, name);
    if (node === undefined) this.fail(`no data node ${nodeModule}:${name} here`);
    return node;
  }

  atEnd(): boolean {
    return this.#position === this.#text.length;
  }
}

/**
 * Parses a `fields` value relative to the target's schema `parent` (names inherit the
 * target's module); throws InvalidValueError on bad syntax or unknown nodes. @see RFC 8040 §4.8.3
 */
export const parseFields = (text: string, parent: InnerSchemaNode, schema: SchemaTree): FieldsSelector => {
  const parser = new FieldsParser(text, schema);
  const selector: MutableSelector = new Map();
  parser.parseExpression(parent, 'kind' in parent ? parent.module : undefined, selector);
  if (!parser.atEnd()) parser.fail('unexpected character');
  return selector;
};
