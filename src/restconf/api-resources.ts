/**
 * @module restconf/api-resources
 * The resources without a data path: the API root (`ietf-restconf:restconf`), the operations
 * resource listing every RPC, and `yang-library-version`.
 * @see RFC 8040 §3.1, §3.3, §3.3.2, §3.3.3
 */

import { RESTCONF_NAMESPACE, writeText } from '../http/index.ts';
import { escapeXmlAttribute } from '../util/index.ts';
import type { OperationNode, SchemaTree } from '../yang/index.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

/** The revision of ietf-yang-library this server implements. @see RFC 8040 §3.3.3, RFC 8525 */
export const YANG_LIBRARY_VERSION = '2019-01-04';

const answer = (exchange: RestconfExchange, json: () => unknown, xml: () => string): void => {
  const encoding = responseEncoding(exchange.request);
  const body = encoding === 'json' ? JSON.stringify(json()) : xml();
  writeText(exchange.request, exchange.response, 200, { 'Content-Type': dataMediaType(encoding) }, body);
};

/** GET of the API root; `depth=1` leaves out its children. @see RFC 8040 §3.3, §4.8.2 */
export const readApiRoot = (exchange: RestconfExchange, query: RestconfQuery): void => {
  const shallow = query.read.depth === 1;
  answer(
    exchange,
    () => ({
      'ietf-restconf:restconf': shallow
        ? {}
        : { data: {}, operations: {}, 'yang-library-version': YANG_LIBRARY_VERSION },
    }),
    () =>
      shallow
        ? `<restconf xmlns="${RESTCONF_NAMESPACE}"/>\n`
        : `<restconf xmlns="${RESTCONF_NAMESPACE}"><data/><operations/><yang-library-version>${YANG_LIBRARY_VERSION}</yang-library-version></restconf>\n`,
  );
};

/** GET of `yang-library-version`. @see RFC 8040 §3.3.3 */
export const readYangLibraryVersion = (exchange: RestconfExchange): void =>
  answer(
    exchange,
    () => ({ 'ietf-restconf:yang-library-version': YANG_LIBRARY_VERSION }),
    () => `<yang-library-version xmlns="${RESTCONF_NAMESPACE}">${YANG_LIBRARY_VERSION}</yang-library-version>\n`,
  );

/**
 * The RPCs RESTCONF offers: those of every implemented module except ietf-netconf, whose
 * protocol operations RESTCONF replaces by its methods (it is implemented only because
 * ietf-netconf-with-defaults augments it). @see RFC 8040 §1.4
 */
export const restconfRpcs = (schema: SchemaTree): readonly OperationNode[] =>
  schema.rpcs.filter((rpc) => rpc.module !== 'ietf-netconf');

/**
 * GET of the operations resource: every RPC as an empty leaf in its module's namespace;
 * `depth=1` leaves them out. @see RFC 8040 §3.3.2, §4.8.2
 */
export const readOperations = (exchange: RestconfExchange, query: RestconfQuery): void => {
  const { schema } = exchange;
  const rpcs = query.read.depth === 1 ? [] : restconfRpcs(schema);
  answer(
    exchange,
    () => ({
      'ietf-restconf:operations': Object.fromEntries(rpcs.map((rpc) => [`${rpc.module}:${rpc.name}`, [null]])),
    }),
    () => {
      const items = rpcs.map((rpc) => {
        const namespace = schema.modules.get(rpc.module)?.namespace ?? '';
        return `<${rpc.name} xmlns="${escapeXmlAttribute(namespace)}"/>`;
      });
      return `<operations xmlns="${RESTCONF_NAMESPACE}">${items.join('')}</operations>\n`;
    },
  );
};
