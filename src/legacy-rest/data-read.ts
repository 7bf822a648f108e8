/**
 * @module legacy-rest/data-read
 * GET and HEAD of `/running`, `/operational` and the data below them: the management layer reads
 * (configuration only under `running`), the body is rendered in the negotiated format and
 * streamed chunk by chunk, so that a list of any size goes out without being built as one
 * string (unless it must be annotated). `/running` resources carry ETag and Last-Modified and
 * answer conditional requests.
 * @see shared/spec/legacy-rest.md Decisions 3, 4, 8; §5, §6, §11
 */
import type { InstancePath } from '../data/index.ts';
import { formatInstancePath, instanceExists } from '../data/index.ts';
import { ResourceNotFoundError } from '../errors/index.ts';
import { evaluatePreconditions, versionHeaders, writeChunks, writeEmpty } from '../http/index.ts';
import type { LegacyExchange } from './legacy-exchange.ts';
import { isCollectionPath, negotiateRepresentation } from './media-types.ts';
import { legacyReadOptions } from './read-plan.ts';
import type { ReadableResource } from './read-representation.ts';
import { renderLegacyRead } from './read-representation.ts';

/** Answers GET or HEAD of a datastore or data resource. */
export const readLegacyData = async (exchange: LegacyExchange, resource: ReadableResource): Promise<void> => {
  const { schema, query, request, response } = exchange;
  const kind = resource.kind === 'datastore' ? 'datastore' : isCollectionPath(resource.path) ? 'collection' : 'data';
  // Negotiation and the read plan (a bad select) fail before anything is read.
  const { format, mediaType } = negotiateRepresentation(request.headers.accept, kind);
  legacyReadOptions(schema, resource, query);
  const running = resource.datastore === 'running';
  const path: InstancePath = resource.kind === 'datastore' ? [] : resource.path;
  const result = await exchange.management.read(exchange.session, path, { content: running ? 'config' : 'all' });
  const value = resource.kind === 'datastore' ? result.root : result.value;
  // A list without entries is an empty collection as long as the node holding it exists.
  if (value === undefined && !(kind === 'collection' && instanceExists(result.root, path.slice(0, -1))))
    throw new ResourceNotFoundError(`there is no data at ${exchange.context.path}`, { path: formatInstancePath(path) });
  const version = running ? result.version : undefined;
  if (running && evaluatePreconditions(request, { exists: true, version }) === 'not-modified') {
    writeEmpty(response, 304, versionHeaders(version));
    return;
  }
  const headers = { 'Content-Type': mediaType, ...versionHeaders(version) };
  // HEAD encodes too: a body small enough to go out whole has its Content-Length in the headers.
  await writeChunks(
    request,
    response,
    200,
    headers,
    renderLegacyRead({ schema, resource, value, query, format, access: result.access }),
  );
};
