/**
 * @module legacy-rest/rollback-resources
 * The rollback resources: `GET /rollbacks` lists the rollback files (newest first, `name` the
 * rolling index), `GET /rollbacks/<n>` returns one file as text, `POST /running/_rollback`
 * applies one as a new transaction (204). All three go through the management layer — a read
 * of `idconf-rollback:rollback-files` and its `apply-rollback-file` action — so that access
 * control and commit attribution (via `rest`) are those of every other request.
 * @see shared/spec/legacy-rest.md Decisions 7, 9; §10
 */
import type { AccessScope, DataSchemaNode, InstancePath, Slot } from '../data/index.ts';
import { decodeJson, encodeJsonString } from '../data/index.ts';
import { MalformedMessageError, ResourceNotFoundError } from '../errors/index.ts';
import { writeEmpty, writeText } from '../http/index.ts';
import type { ContainerNode, ListNode, OperationNode, SchemaTree } from '../yang/index.ts';
import type { LegacyExchange } from './legacy-exchange.ts';
import { negotiateRepresentation, ROLLBACK_FILE_MEDIA_TYPE } from './media-types.ts';
import type { RollbackFileInfo } from './rollback-files.ts';
import { parseRollbackRequest, renderRollbackList } from './rollback-files.ts';
import { renderRollbackFile } from './rollback-text.ts';

const ROLLBACK_FILES = 'idconf-rollback:rollback-files';

/** The schema nodes of `idconf-rollback`. */
interface RollbackSchema {
  readonly container: ContainerNode;
  readonly file: ListNode;
  readonly apply: OperationNode;
}

const CACHE = new WeakMap<SchemaTree, RollbackSchema | null>();

const rollbackSchemaOf = (schema: SchemaTree): RollbackSchema => {
  let found = CACHE.get(schema);
  if (found === undefined) {
    const container = schema.dataChildIndex.get(ROLLBACK_FILES);
    const file = container?.kind === 'container' ? container.dataChildIndex.get('file') : undefined;
    const apply =
      container?.kind === 'container'
        ? container.children.find(
            (child): child is OperationNode => child.kind === 'action' && child.name === 'apply-rollback-file',
          )
        : undefined;
    found =
      container?.kind === 'container' && file?.kind === 'list' && apply !== undefined
        ? { container, file, apply }
        : null;
    CACHE.set(schema, found);
  }
  if (found === null)
    throw new ResourceNotFoundError('rollback files are not available: the module idconf-rollback is not loaded');
  return found;
};

/** One `file` entry as RFC 7951 JSON. */
interface FileJson {
  readonly id: number;
  readonly 'fixed-number'?: number;
  readonly creator?: string;
  readonly date?: string;
  readonly via?: string;
  readonly label?: string;
  readonly comment?: string;
}

const infoOf = (file: FileJson): RollbackFileInfo => ({
  index: file.id,
  fixedNumber: file['fixed-number'],
  creator: file.creator ?? '',
  date: file.date === undefined ? undefined : new Date(file.date),
  via: file.via ?? '',
  label: file.label ?? '',
  comment: file.comment ?? '',
});

/** The `file` entries of a read rollback-files container or of one entry, through their JSON (what the user may see). */
const filesOf = (schema: SchemaTree, node: DataSchemaNode, value: Slot, access: AccessScope): FileJson[] => {
  if (value === undefined) return [];
  const json = JSON.parse(encodeJsonString({ schema: node, value }, schema, { access })) as Record<string, unknown>;
  const member = Object.values(json)[0] as { file?: FileJson[] } | FileJson[] | undefined;
  return Array.isArray(member) ? member : (member?.file ?? []);
};

/** `GET /rollbacks`: the listing, as `vnd.yang.api`. @see spec Decision 7, §10.1 */
export const listRollbacks = async (exchange: LegacyExchange): Promise<void> => {
  const { schema } = exchange;
  const { container } = rollbackSchemaOf(schema);
  const { format, mediaType } = negotiateRepresentation(exchange.request.headers.accept, 'api');
  const result = await exchange.management.read(exchange.session, [{ schema: container }]);
  const files = filesOf(schema, container, result.value, result.access).map(infoOf);
  writeText(exchange.request, exchange.response, 200, { 'Content-Type': mediaType }, renderRollbackList(files, format));
};

/** `GET /rollbacks/<n>`: one file, its header and its changes, as plain text. @see spec Decision 7, §10.2 */
export const readRollbackText = async (exchange: LegacyExchange, index: number): Promise<void> => {
  const { schema } = exchange;
  const { container, file } = rollbackSchemaOf(schema);
  const path: InstancePath = [{ schema: container }, { schema: file, keys: [index] }];
  const result = await exchange.management.read(exchange.session, path);
  const [entry] = filesOf(schema, file, result.value, result.access);
  if (entry === undefined) throw new ResourceNotFoundError(`there is no rollback file ${index}`);
  // The changes to data the user may not read are left out. @see RFC 8341 §3.4.5
  const fixedNumber = entry['fixed-number'];
  const diff = await exchange.management.rollbackFileContent(
    exchange.session,
    // The fixed number may be hidden from the user; then the index names the file.
    fixedNumber === undefined ? { id: index } : { fixedNumber },
  );
  writeText(
    exchange.request,
    exchange.response,
    200,
    { 'Content-Type': ROLLBACK_FILE_MEDIA_TYPE },
    renderRollbackFile(infoOf(entry), diff.changes),
  );
};

/**
 * `POST /running/_rollback` with `{"file": "0"}` or `<file>0</file>` (and optionally
 * `selective`): applies the file (cumulatively, or only its own change) as a new transaction.
 * @see spec Decision 7, §10.3
 */
export const applyRollbackFile = async (exchange: LegacyExchange): Promise<void> => {
  const { schema } = exchange;
  const { container, apply } = rollbackSchemaOf(schema);
  const body = await exchange.body();
  if (body === undefined) throw new MalformedMessageError('the request needs a body: {"file": "0"} or <file>0</file>');
  const request = parseRollbackRequest(body.text, body.format);
  const input = decodeJson(
    apply.input,
    { id: request.file, ...(request.selective ? { selective: [null] } : {}) },
    { schema, qualifiedTop: false },
  );
  await exchange.management.invoke(exchange.session, apply, [{ schema: container }], input, exchange.note);
  writeEmpty(exchange.response, 204);
};
