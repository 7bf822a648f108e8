/**
 * @module data/codec/xml/xml-writer
 * The output side of the XML encoder: the pending chunk, start and end tags precomputed per slot
 * table (a default-namespace declaration only where the module changes), and leaf elements with
 * the prefix declarations their values need and the with-defaults attribute.
 * @see RFC 7950 §7, §9.10.3, §9.13.2; RFC 6243 §6; RFC 8040 §4.8.9
 */
import { escapeXmlAttribute, escapeXmlText } from '../../../util/index.ts';
import type { LeafListNode, LeafNode, SchemaTree, YangValue } from '../../../yang/index.ts';
import { toXmlText } from '../../../yang/index.ts';
import type { DataSchemaNode, SlotTable } from '../../instance/index.ts';
import type { ReadOptions } from '../../read/index.ts';
import { ChunkWriter } from '../index.ts';
import { needsPrefixes, PrefixBinder, plainXmlContext } from './xml-value-context.ts';

/** The namespace of the with-defaults `default` attribute. @see RFC 6243 §6 */
export const WITH_DEFAULTS_NAMESPACE = 'urn:ietf:params:xml:ns:netconf:default:1.0';

/** The declaration of the `wd` prefix, written on the outermost element(s) in report-all-tagged mode. */
export const WD_DECLARATION = ` xmlns:wd="${WITH_DEFAULTS_NAMESPACE}"`;

const DEFAULT_ATTRIBUTE = ' wd:default="true"';

/** Characters that need escaping in text; most values have none, and a test is cheaper than a replace. */
const SPECIAL = /[&<>\r]/;

/** The open start tag (`<name` and any namespace declaration, without `>`) and the end tag of each slot. */
export interface TagSet {
  readonly starts: readonly string[];
  readonly ends: readonly string[];
}

/** Start and end tags of `nodes` inside an element whose default namespace is `inherited`. */
export const tagsFor = (
  schema: SchemaTree,
  nodes: readonly DataSchemaNode[],
  inherited: string | undefined,
  extra = '',
): TagSet => ({
  starts: nodes.map((node) => {
    const namespace = schema.modules.get(node.module)?.namespace ?? '';
    return namespace === inherited
      ? `<${node.name}${extra}`
      : `<${node.name} xmlns="${escapeXmlAttribute(namespace)}"${extra}`;
  }),
  ends: nodes.map((node) => `</${node.name}>`),
});

const TAGS = new WeakMap<SlotTable, TagSet>();

/** The (cached) tags of the slots of an element of `table.parent`, which is not the datastore root. */
export const tagsOf = (schema: SchemaTree, table: SlotTable): TagSet => {
  let tags = TAGS.get(table);
  if (tags === undefined) {
    const parent = 'kind' in table.parent ? schema.modules.get(table.parent.module)?.namespace : undefined;
    tags = tagsFor(schema, table.nodes, parent);
    TAGS.set(table, tags);
  }
  return tags;
};

/** Mutable output state of one XML encode. */
export class XmlWriter extends ChunkWriter {
  readonly #binder: PrefixBinder;

  constructor(schema: SchemaTree, options: ReadOptions & { readonly chunkSize?: number }) {
    super(schema, options);
    this.#binder = new PrefixBinder(schema);
  }

  /**
   * Writes the element of one leaf or leaf-list value: `start` is its open start tag. Values that
   * name modules get their prefixes declared on the element itself. @see RFC 7950 §9.10.3
   */
  leaf(schema: LeafNode | LeafListNode, value: YangValue, start: string, end: string, isDefault: boolean): void {
    let text: string;
    let attributes = isDefault && this.tagged ? DEFAULT_ATTRIBUTE : '';
    switch (typeof value) {
      case 'string':
        text = SPECIAL.test(value) ? escapeXmlText(value) : value;
        break;
      case 'number':
      case 'bigint':
        text = String(value);
        break;
      case 'boolean':
        text = value ? 'true' : 'false';
        break;
      default:
        if (needsPrefixes(schema.type)) {
          const binder = this.#binder;
          binder.reset();
          text = escapeXmlText(toXmlText(schema.type, value, binder));
          attributes = binder.declarations() + attributes;
        } else text = escapeXmlText(toXmlText(schema.type, value, plainXmlContext(this.schema, schema.module)));
    }
    this.out += text === '' ? `${start}${attributes}/>` : `${start}${attributes}>${text}${end}`;
  }
}
