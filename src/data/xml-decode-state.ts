/**
 * @module data/xml-decode-state
 * The state of one XML decode: options, and the stack of nodes being decoded, turned into an
 * `error-path` (the same RFC 7951 instance-identifier text as the JSON decoder's) only when an
 * error is reported. A list entry's keys are read from its element, in whatever order they come.
 * @see RFC 8040 §7.1 (error-path)
 */
import type { ManagementError } from '../errors/index.ts';
import type { LeafNode, SchemaTree, ValueContext, YangValue } from '../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../yang/index.ts';
import { formatInstancePath } from './format-instance-path.ts';
import type { InstancePath, InstancePathStep } from './instance-path.ts';
import type { DataSchemaNode } from './slot-table.ts';
import type { XmlElement } from './xml-parse.ts';
import { needsPrefixes, plainXmlContext, xmlReadContext } from './xml-value-context.ts';

/** Options of an XML decode; the same as those of the JSON decoder. @see RFC 7950 §7 */
export interface DecodeXmlOptions {
  /** The schema the input belongs to: namespaces are looked up here. */
  readonly schema: SchemaTree;
  /** Configuration input (an edit, a config datastore): `config false` nodes are rejected. @see RFC 7950 §7.21.1 */
  readonly config?: boolean;
  /** Where the decoded node sits, for error-paths (default: at the root). */
  readonly path?: InstancePath;
  /**
   * Whether the top elements must be in the namespace of a loaded module (default true). With
   * false, an element in no namespace belongs to the module of its parent, like an unqualified
   * JSON member name. @see RFC 7951 §4
   */
  readonly qualifiedTop?: boolean;
}

type ErrorClass = new (message: string, details: { readonly path: string }) => ManagementError;

/** The mutable decode state: options and the stack of schema nodes (with list entry elements) being decoded. */
export class XmlDecodeState {
  readonly options: DecodeXmlOptions;
  readonly schema: SchemaTree;
  readonly config: boolean;
  readonly #nodes: DataSchemaNode[] = [];
  readonly #entries: (XmlElement | undefined)[] = [];

  constructor(options: DecodeXmlOptions) {
    this.options = options;
    this.schema = options.schema;
    this.config = options.config ?? false;
  }

  /** The context for a value of a node of `module` held by `element`. @see RFC 7950 §9.10.3 */
  context(schema: DataSchemaNode, element: XmlElement): ValueContext {
    return 'type' in schema && needsPrefixes(schema.type)
      ? xmlReadContext(this.schema, element.scope, schema.module)
      : plainXmlContext(this.schema, schema.module);
  }

  /** Enters `schema`. */
  push(schema: DataSchemaNode): void {
    this.#nodes.push(schema);
    this.#entries.push(undefined);
  }

  /** Marks the element of the list entry being decoded at the innermost (list) node. */
  enterEntry(element: XmlElement | undefined): void {
    this.#entries[this.#entries.length - 1] = element;
  }

  /** Leaves the innermost node. */
  pop(): void {
    this.#nodes.pop();
    this.#entries.pop();
  }

  /** The instance path of the innermost node; list entry keys are read from the input where they parse. */
  path(): InstancePath {
    const steps: InstancePathStep[] = [...(this.options.path ?? [])];
    this.#nodes.forEach((schema, index) => {
      const element = this.#entries[index];
      const keys = schema.kind === 'list' && element !== undefined ? this.#keysOf(schema.keys, element) : undefined;
      steps.push(keys === undefined ? { schema } : { schema, keys });
    });
    return steps;
  }

  /** The error-path text of the innermost node. @see RFC 8040 §7.1 */
  pathText(): string {
    return formatInstancePath(this.path());
  }

  /** An error of class `ErrorClass` located at the innermost node. */
  error(ErrorClass: ErrorClass, message: string): ManagementError {
    return new ErrorClass(message, { path: this.pathText() });
  }

  #keysOf(keys: readonly LeafNode[], entry: XmlElement): YangValue[] | undefined {
    if (keys.length === 0) return undefined;
    const values: YangValue[] = [];
    for (const key of keys) {
      const namespace = this.schema.modules.get(key.module)?.namespace;
      const element = entry.children.find(
        (child) =>
          child.local === key.name &&
          (child.namespace === namespace || (child.namespace === '' && this.options.qualifiedTop === false)),
      );
      if (element === undefined) return undefined;
      const value = parseLexical(key.type, element.text, this.context(key, element));
      if (isTypeCheckFailure(value)) return undefined;
      values.push(value);
    }
    return values;
  }
}
