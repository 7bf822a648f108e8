/**
 * @module legacy-rest/operation-invoke
 * POST of an RPC (`/operations/<module>:<rpc>`) or an action (`<data path>/_operations/<name>`):
 * the input is decoded and checked, the management layer invokes the operation for the
 * session, and the answer is 200 with the output — JSON `{"output": {…}}`, XML
 * `<output xmlns="<module namespace>">` — as `vnd.yang.operation`, or 204 when there is none.
 * @see shared/spec/legacy-rest.md Decision 1, §2, §7, §8
 */
import type { DataTree, InstancePath, OperationData } from '../data/index.ts';
import { encodeJsonString, encodeXmlString } from '../data/index.ts';
import { writeEmpty, writeText } from '../http/index.ts';
import type { OperationNode, SchemaTree } from '../yang/index.ts';
import { decodeLegacyInput } from './body-decoding.ts';
import type { LegacyExchange } from './legacy-exchange.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { negotiateRepresentation } from './media-types.ts';

/** The output document of an operation. @see spec §8 */
export const renderOperationOutput = (schema: SchemaTree, output: OperationData, format: LegacyFormat): string => {
  // The encoders write the members of any inner node; their target type names only the DataTree.
  const target = output as unknown as DataTree;
  if (format === 'json') return `{"output":${encodeJsonString(target, schema)}}`;
  const namespace = schema.modules.get(output.schema.module)?.namespace ?? '';
  return encodeXmlString(target, schema, { wrapper: { name: 'output', namespace } });
};

/** Invokes `operation` (an RPC when `parentPath` is empty) with the request body as input. */
export const invokeLegacyOperation = async (
  exchange: LegacyExchange,
  operation: OperationNode,
  parentPath: InstancePath,
): Promise<void> => {
  // Negotiated before the operation runs, so that a 406 has no side effects.
  const representation =
    operation.output.children.length > 0
      ? negotiateRepresentation(exchange.request.headers.accept, 'operation')
      : undefined;
  const input = decodeLegacyInput(exchange.schema, operation, await exchange.body());
  const result = await exchange.management.invoke(exchange.session, operation, parentPath, input, exchange.note);
  if (result.output === undefined || representation === undefined) {
    writeEmpty(exchange.response, 204);
    return;
  }
  writeText(
    exchange.request,
    exchange.response,
    200,
    { 'Content-Type': representation.mediaType },
    renderOperationOutput(exchange.schema, result.output, representation.format),
  );
};
