/**
 * @module nacm/nacm-policies
 * The policy of whichever configuration is running: compiled from the `ietf-netconf-acm:nacm`
 * subtree of a datastore root and cached by that subtree's identity (instance trees are
 * persistent: the subtree object changes exactly when a commit changes NACM).
 * @see RFC 8341 §3.5.2
 */
import type { DataSchemaNode, DataTree } from '../data/index.ts';
import { encodeJsonString, getChild, isDataSchemaNode } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { NacmConfig } from './nacm-config.ts';
import { nacmConfigFromJson } from './nacm-config.ts';
import { NacmPolicy } from './nacm-policy.ts';

/** The qualified name of the NACM container. */
export const NACM_NODE = 'ietf-netconf-acm:nacm';

/** The NACM container of a schema; undefined when the schema does not implement ietf-netconf-acm. */
export const nacmNodeOf = (schema: SchemaTree): DataSchemaNode | undefined => {
  const node = schema.dataChildIndex.get(NACM_NODE);
  return node !== undefined && isDataSchemaNode(node) && node.kind === 'container' ? node : undefined;
};

/** The NACM configuration in `root` (the module's defaults where nothing is configured). */
export const nacmConfigOf = (root: DataTree, node: DataSchemaNode): NacmConfig => {
  const value = getChild(root, node);
  if (value === undefined) return nacmConfigFromJson(undefined);
  const json = JSON.parse(encodeJsonString({ schema: node, value }, root.schema, { content: 'config' })) as Record<
    string,
    unknown
  >;
  return nacmConfigFromJson(json[NACM_NODE]);
};

/** The policies of the configurations of one schema, one per version of the NACM subtree. */
export class NacmPolicies {
  readonly #schema: SchemaTree;
  readonly #node: DataSchemaNode | undefined;
  readonly #byVersion = new WeakMap<object, NacmPolicy>();
  #unconfigured: NacmPolicy | undefined;

  constructor(schema: SchemaTree) {
    this.#schema = schema;
    this.#node = nacmNodeOf(schema);
  }

  /** True when the schema implements ietf-netconf-acm (else nothing is access-controlled). */
  get available(): boolean {
    return this.#node !== undefined;
  }

  /** The policy of the configuration in `root`; undefined when NACM is not available. */
  policyOf(root: DataTree): NacmPolicy | undefined {
    const node = this.#node;
    if (node === undefined) return undefined;
    const value = getChild(root, node);
    if (value === undefined) {
      this.#unconfigured ??= new NacmPolicy(this.#schema, nacmConfigFromJson(undefined));
      return this.#unconfigured;
    }
    let policy = this.#byVersion.get(value as object);
    if (policy === undefined) {
      policy = new NacmPolicy(this.#schema, nacmConfigOf(root, node));
      this.#byVersion.set(value as object, policy);
    }
    return policy;
  }
}
