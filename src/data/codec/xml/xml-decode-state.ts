/**
 * @module data/codec/xml/xml-decode-state
 * The state of one streaming XML decode: options, and the stack of inner nodes being decoded
 * (frames), turned into an `error-path` (the same RFC 7951 instance-identifier text as the JSON
 * decoder's) only when an error is reported. A list entry's keys come from its decoded key
 * leaves, or, when the error comes before them, from a second look at the input.
 * @see RFC 8040 §7.1 (error-path)
 */
import type { ManagementError } from '../../../errors/index.ts';
import type { LeafListNode, LeafNode, ListNode, SchemaTree, ValueContext, YangValue } from '../../../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../../../yang/index.ts';
import type {
  DataSchemaNode,
  InnerSchemaNode,
  InstancePath,
  InstancePathStep,
  ListEntry,
  Slot,
  SlotTable,
} from '../../instance/index.ts';
import { formatInstancePath } from '../../instance/index.ts';
import type { XmlElement, XmlNamespaceScope } from './xml-parse.ts';
import { parseXmlElements } from './xml-parse.ts';
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

/** An element name resolved against a parent: the child, its slot, its module and the namespace it came in. */
export interface ResolvedMember {
  readonly child: DataSchemaNode;
  readonly index: number;
  readonly module: string;
  readonly namespace: string;
}

/** The entries of one list gathered from its (possibly scattered) elements, with their entry keys. */
export interface PendingList {
  readonly schema: ListNode;
  readonly keyed: (readonly [string, ListEntry])[];
}

/** One inner node being decoded: the datastore root (or other parent), a container, a list entry. */
export interface Frame {
  readonly parent: InnerSchemaNode;
  readonly table: SlotTable;
  /** The parent's resolved element names. */
  readonly cache: Map<string, ResolvedMember>;
  readonly slots: Slot[];
  lists: Map<number, PendingList> | undefined;
  /** Its place in the enclosing frame; undefined for the outermost. */
  readonly member: ResolvedMember | undefined;
  /** The module of child elements in no namespace (only with `qualifiedTop: false`). */
  readonly inherited: string | undefined;
  /** The index of its element among the child elements of the enclosing element. */
  readonly position: number;
  /** Child elements opened so far. */
  children: number;
}

type ErrorClass = new (message: string, details: { readonly path: string }) => ManagementError;

/** The mutable decode state: options, input, and the stack of frames. */
export class XmlDecodeState {
  readonly options: DecodeXmlOptions;
  readonly schema: SchemaTree;
  readonly config: boolean;
  readonly frames: Frame[] = [];
  /** True once the top elements turned out to sit inside a wrapper element. */
  wrapped = false;
  readonly #text: string;
  #elements: readonly XmlElement[] | undefined;

  constructor(options: DecodeXmlOptions, text: string) {
    this.options = options;
    this.schema = options.schema;
    this.config = options.config ?? false;
    this.#text = text;
  }

  /** The context for a value of `schema` held by an element with `scope`. @see RFC 7950 §9.10.3 */
  context(schema: LeafNode | LeafListNode, scope: XmlNamespaceScope): ValueContext {
    return needsPrefixes(schema.type)
      ? xmlReadContext(this.schema, scope, schema.module)
      : plainXmlContext(this.schema, schema.module);
  }

  /** The instance path of the innermost frame, followed by `tail`. */
  path(tail: readonly InstancePathStep[]): InstancePath {
    const steps: InstancePathStep[] = [...(this.options.path ?? [])];
    for (let depth = 1; depth < this.frames.length; depth++) steps.push(this.#stepOf(depth));
    steps.push(...tail);
    return steps;
  }

  /** An error of class `ErrorClass` located at the innermost frame, or below it at `tail`. */
  error(ErrorClass: ErrorClass, message: string, ...tail: InstancePathStep[]): ManagementError {
    return new ErrorClass(message, { path: formatInstancePath(this.path(tail)) });
  }

  #stepOf(depth: number): InstancePathStep {
    const frame = this.frames[depth] as Frame;
    const schema = (frame.member as ResolvedMember).child;
    if (schema.kind !== 'list' || schema.keys.length === 0) return { schema };
    const keys: YangValue[] = [];
    for (let index = 0; index < schema.keys.length; index++) {
      const value = frame.slots[index] as YangValue | undefined;
      if (value === undefined) {
        const element = this.#elementAt(depth);
        const late = element === undefined ? undefined : this.#keysOf(schema.keys, element);
        return late === undefined ? { schema } : { schema, keys: late };
      }
      keys.push(value);
    }
    return { schema, keys };
  }

  /** The element of the frame at `depth`, found again in the whole input (only when an error needs it). */
  #elementAt(depth: number): XmlElement | undefined {
    if (this.#elements === undefined) {
      try {
        this.#elements = parseXmlElements(this.#text);
      } catch {
        this.#elements = [];
      }
    }
    let siblings = this.wrapped ? (this.#elements[0]?.children ?? []) : this.#elements;
    let element: XmlElement | undefined;
    for (let level = 1; level <= depth; level++) {
      element = siblings[(this.frames[level] as Frame).position];
      if (element === undefined) return undefined;
      siblings = element.children;
    }
    return element;
  }

  #keysOf(keys: readonly LeafNode[], entry: XmlElement): YangValue[] | undefined {
    const values: YangValue[] = [];
    for (const key of keys) {
      const namespace = this.schema.modules.get(key.module)?.namespace;
      const element = entry.children.find(
        (child) =>
          child.local === key.name &&
          (child.namespace === namespace || (child.namespace === '' && this.options.qualifiedTop === false)),
      );
      if (element === undefined) return undefined;
      const value = parseLexical(key.type, element.text, this.context(key, element.scope));
      if (isTypeCheckFailure(value)) return undefined;
      values.push(value);
    }
    return values;
  }
}
