/**
 * @module restconf/operation-invoke
 * POST of an RPC or an action: the input (wrapped in `input` or not) is decoded and checked,
 * the operation's handler runs, and the answer is 200 with `module:output`, or 204 when the
 * operation has no output. With `rollback-id=true` and no output, the result body names the
 * commit the operation made.
 * @see RFC 8040 §3.6, §4.4.2
 */
import type { DataTree, InstancePath, OperationData } from '../data/index.ts';
import { encodeJsonString, encodeXmlString } from '../data/index.ts';
import { writeText } from '../http/index.ts';
import type { OperationNode } from '../yang/index.ts';
import { decodeOperationInput } from './body-decoding.ts';
import { noteOf } from './data-write.ts';
import type { Encoding } from './media-types.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { RestconfExchange } from './restconf-exchange.ts';
import { answerWrite } from './write-result.ts';

/** The `module:output` document of an operation's output. @see RFC 8040 §3.6.2 */
export const outputBody = (exchange: RestconfExchange, output: OperationData, encoding: Encoding): string => {
  const { schema } = exchange;
  const operation = output.schema;
  // The encoders write the members of any inner node; their target type names only the DataTree.
  const target = output as unknown as DataTree;
  if (encoding === 'json')
    return `{${JSON.stringify(`${operation.module}:output`)}:${encodeJsonString(target, schema)}}`;
  const namespace = schema.modules.get(operation.module)?.namespace ?? '';
  return encodeXmlString(target, schema, { wrapper: { name: 'output', namespace } });
};

/** Invokes `operation` (an RPC when `parentPath` is empty) with the request's body as input. */
export const invokeOperation = async (
  exchange: RestconfExchange,
  operation: OperationNode,
  parentPath: InstancePath,
  query: RestconfQuery,
): Promise<void> => {
  // The encoding is settled before the operation runs, so that a 406 has no side effects.
  const answers = operation.output.children.length > 0 || query.rollbackId;
  const encoding: Encoding = answers ? responseEncoding(exchange.request) : 'json';
  const input = decodeOperationInput(operation, await exchange.body(), exchange.schema);
  const result = await exchange.management.invoke(exchange.session, operation, parentPath, input, noteOf(query));
  if (result.output !== undefined) {
    writeText(
      exchange.request,
      exchange.response,
      200,
      { 'Content-Type': dataMediaType(encoding) },
      outputBody(exchange, result.output, encoding),
    );
    return;
  }
  answerWrite(exchange, query.rollbackId ? encoding : undefined, 204, result.fixedNumber);
};
