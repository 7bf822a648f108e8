/**
 * @module legacy-rest/api-root
 * The api resource at `/admin/api/rest`: the version, the datastores, the RPCs (name → URL) and
 * the rollbacks, as `application/vnd.yang.api+xml|+json`. There is no `config`, `startup` or
 * `candidate` datastore.
 * @see shared/spec/legacy-rest.md Decision 1, §5.1
 */

import { escapeXmlAttribute, escapeXmlText } from '../util/index.ts';
import type { OperationNode, SchemaTree } from '../yang/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { LEGACY_API_VERSION, LEGACY_REST_ROOT, TAILF_REST_NAMESPACE } from './legacy-names.ts';

/**
 * The RPCs the API offers: those of every implemented module except ietf-netconf, whose protocol
 * operations (get-config, edit-config, lock, …) the API's methods replace, as on RESTCONF.
 */
export const offeredRpcs = (schema: SchemaTree): readonly OperationNode[] =>
  schema.rpcs.filter((rpc) => rpc.module !== 'ietf-netconf');

/** `module:rpc` → its URL, for every RPC the API offers. @see spec §5.1 */
export const rpcLinks = (schema: SchemaTree): Record<string, string> => {
  const links: Record<string, string> = {};
  for (const rpc of offeredRpcs(schema)) {
    links[`${rpc.module}:${rpc.name}`] = `${LEGACY_REST_ROOT}/operations/${rpc.module}:${rpc.name}`;
  }
  return links;
};

/** The api resource in JSON: `{"api": {"version": "0.5", "running": {}, …}}`. @see spec §5.1 */
export const renderApiRootJson = (schema: SchemaTree): string =>
  JSON.stringify({
    api: { version: LEGACY_API_VERSION, running: {}, operational: {}, operations: rpcLinks(schema), rollbacks: {} },
  });

/**
 * The api resource in XML; each RPC is an element named after it in its module's namespace,
 * holding its URL. @see spec §5.1
 */
export const renderApiRootXml = (schema: SchemaTree): string => {
  const rpcs = offeredRpcs(schema).map((rpc) => {
    const namespace = schema.modules.get(rpc.module)?.namespace ?? '';
    const url = `${LEGACY_REST_ROOT}/operations/${rpc.module}:${rpc.name}`;
    return `<${rpc.name} xmlns="${escapeXmlAttribute(namespace)}">${escapeXmlText(url)}</${rpc.name}>`;
  });
  return (
    `<api xmlns="${TAILF_REST_NAMESPACE}" xmlns:y="${TAILF_REST_NAMESPACE}">` +
    `<version>${LEGACY_API_VERSION}</version><running/><operational/>` +
    `${rpcs.length === 0 ? '<operations/>' : `<operations>${rpcs.join('')}</operations>`}<rollbacks/></api>`
  );
};

/** The api resource in `format`. */
export const renderApiRoot = (schema: SchemaTree, format: LegacyFormat): string =>
  format === 'json' ? renderApiRootJson(schema) : renderApiRootXml(schema);
