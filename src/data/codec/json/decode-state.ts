/**
 * @module data/codec/json/decode-state
 * The state of one decode: options, and the stack of nodes being decoded, turned into an
 * `error-path` only when an error is reported (so the hot path never formats paths).
 * @see RFC 8040 §7.1 (error-path)
 */
import type { ManagementError } from '../../../errors/index.ts';
import type { SchemaTree, ValueContext, YangValue } from '../../../yang/index.ts';
import { isTypeCheckFailure, parseJson } from '../../../yang/index.ts';
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../../instance/index.ts';
import { formatInstancePath } from '../../instance/index.ts';
import { jsonValueContext } from './json-value-context.ts';

/** Options of a JSON decode. @see RFC 7951 */
export interface DecodeJsonOptions {
  /** The schema the input belongs to: module names are looked up here. */
  readonly schema: SchemaTree;
  /** Configuration input (an edit, a config datastore): `config false` nodes are rejected. @see RFC 7950 §7.21.1 */
  readonly config?: boolean;
  /** Where the decoded node sits, for error-paths (default: at the root). */
  readonly path?: InstancePath;
  /** Whether members of the outermost object must be module-qualified (default true). @see RFC 7951 §4 */
  readonly qualifiedTop?: boolean;
}

type ErrorClass = new (message: string, details: { readonly path: string }) => ManagementError;

/** The mutable decode state: options and the stack of schema nodes (with raw list entries) being decoded. */
export class DecodeState {
  readonly options: DecodeJsonOptions;
  readonly schema: SchemaTree;
  readonly config: boolean;
  readonly #nodes: DataSchemaNode[] = [];
  readonly #raws: unknown[] = [];
  #contextModule = '';
  #context: ValueContext | undefined;

  constructor(options: DecodeJsonOptions) {
    this.options = options;
    this.schema = options.schema;
    this.config = options.config ?? false;
  }

  /** The JSON value context for values of nodes in `module` (the last one is kept at hand). */
  context(module: string): ValueContext {
    if (this.#context === undefined || this.#contextModule !== module) {
      this.#context = jsonValueContext(this.schema, module);
      this.#contextModule = module;
    }
    return this.#context;
  }

  /** Enters `schema` (with the raw JSON object of a list entry, to name its keys in error-paths). */
  push(schema: DataSchemaNode, raw?: unknown): void {
    this.#nodes.push(schema);
    this.#raws.push(raw);
  }

  /** Marks the raw JSON object of the list entry being decoded at the innermost (list) node. */
  enterEntry(raw: unknown): void {
    this.#raws[this.#raws.length - 1] = raw;
  }

  /** Leaves the innermost node. */
  pop(): void {
    this.#nodes.pop();
    this.#raws.pop();
  }

  /** The instance path of the innermost node; list entry keys are read from the raw input where they parse. */
  path(): InstancePath {
    const steps: InstancePathStep[] = [...(this.options.path ?? [])];
    this.#nodes.forEach((schema, index) => {
      const raw = this.#raws[index];
      const keys = schema.kind === 'list' && raw !== undefined ? this.#rawKeys(schema.keys, raw) : undefined;
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

  #rawKeys(keys: readonly DataSchemaNode[], raw: unknown): YangValue[] | undefined {
    if (typeof raw !== 'object' || raw === null || keys.length === 0) return undefined;
    const values: YangValue[] = [];
    for (const key of keys) {
      if (key.kind !== 'leaf') return undefined;
      const record = raw as Readonly<Record<string, unknown>>;
      const member = record[key.name] ?? record[`${key.module}:${key.name}`];
      if (member === undefined) return undefined;
      const value = parseJson(key.type, member, jsonValueContext(this.schema, key.module));
      if (isTypeCheckFailure(value)) return undefined;
      values.push(value);
    }
    return values;
  }
}
