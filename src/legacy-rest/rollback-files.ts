/**
 * @module legacy-rest/rollback-files
 * The rollback listing (`GET /rollbacks`: `{"rollbacks": {"file": [...]}}`, always an array;
 * `name` is the rolling index, 0 = newest) and the body of `POST /running/_rollback`
 * (`{"file": "0"}` / `<file>0</file>`, optional `selective`).
 * @see shared/spec/legacy-rest.md Decision 7, §10
 */
import { InvalidValueError, MalformedMessageError, MissingElementError, UnknownElementError } from '../errors/index.ts';
import { escapeXmlText } from '../util/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { TAILF_REST_NAMESPACE } from './legacy-names.ts';
import { childElements, parseXmlTree, textOf } from './xml-tree.ts';

/** What the listing and a file's header show of one rollback file. @see spec §10.1 */
export interface RollbackFileInfo {
  /** The rolling index: 0 is the newest file. */
  readonly index: number;
  /** The fixed, ever-increasing number (`# No:`); undefined when the user may not read it. */
  readonly fixedNumber: number | undefined;
  /** The user who committed; `system` for the initial load. */
  readonly creator: string;
  /** Undefined when the user may not read it (NACM), as every field below may be empty. */
  readonly date: Date | undefined;
  /** `rest`, `restconf`, `webui`, `cli`, `system`. */
  readonly via: string;
  /** `''` when unset. */
  readonly label: string;
  /** `''` when unset. */
  readonly comment: string;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in the server's local time, no zone, as ConfD writes it. @see spec §10.1 */
export const formatRollbackDate = (date: Date | undefined): string =>
  date === undefined
    ? ''
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

const fields = (file: RollbackFileInfo): [string, string][] => [
  ['name', String(file.index)],
  ['fixed-number', file.fixedNumber === undefined ? '' : String(file.fixedNumber)],
  ['creator', file.creator],
  ['date', formatRollbackDate(file.date)],
  ['via', file.via],
  ['label', file.label],
  ['comment', file.comment],
];

/** The listing in JSON; `file` is an array even with one or no file. @see spec Decision 7 */
export const renderRollbackListJson = (files: readonly RollbackFileInfo[]): string =>
  JSON.stringify({ rollbacks: { file: files.map((file) => Object.fromEntries(fields(file))) } });

/** The listing in XML, `<rollbacks xmlns="http://tail-f.com/ns/rest"><file>…</file>…</rollbacks>`. @see spec §10.1 */
export const renderRollbackListXml = (files: readonly RollbackFileInfo[]): string => {
  const entries = files.map(
    (file) =>
      `<file>${fields(file)
        .map(([name, value]) => `<${name}>${escapeXmlText(value)}</${name}>`)
        .join('')}</file>`,
  );
  return `<rollbacks xmlns="${TAILF_REST_NAMESPACE}">${entries.join('')}</rollbacks>`;
};

/** The listing in `format`. */
export const renderRollbackList = (files: readonly RollbackFileInfo[], format: LegacyFormat): string =>
  format === 'json' ? renderRollbackListJson(files) : renderRollbackListXml(files);

/** What `POST /running/_rollback` asks for. @see spec §10.3 */
export interface RollbackRequest {
  /** The rolling index of the file. */
  readonly file: number;
  /** Undo only that file's commit, not every commit since. */
  readonly selective: boolean;
}

const INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

const parseIndex = (text: string): number => {
  const trimmed = text.trim();
  if (!INDEX.test(trimmed)) throw new InvalidValueError(`file must be a rollback index (0 = newest), not "${text}"`);
  return Number(trimmed);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fromJson = (text: string): RollbackRequest => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new MalformedMessageError(`the body is not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (isObject(body) && Object.keys(body).length === 1 && isObject(body.input)) body = body.input;
  if (!isObject(body)) throw new MalformedMessageError('the body must be an object like {"file": "0"}');
  for (const member of Object.keys(body)) {
    if (member !== 'file' && member !== 'selective') throw new UnknownElementError(`unknown member "${member}"`);
  }
  const { file, selective } = body;
  if (file === undefined) throw new MissingElementError('file is missing: send {"file": "0"}');
  if (typeof file !== 'string' && typeof file !== 'number') throw new InvalidValueError('file must be a string');
  const isEmpty = Array.isArray(selective) && selective.length === 1 && selective[0] === null;
  if (selective !== undefined && !isEmpty && typeof selective !== 'boolean') {
    throw new InvalidValueError('selective is an empty leaf: [null]');
  }
  return { file: parseIndex(String(file)), selective: isEmpty || selective === true };
};

const fromXml = (text: string): RollbackRequest => {
  const roots = parseXmlTree(text);
  const [root, ...others] = roots;
  if (root === undefined || others.length > 0) throw new MalformedMessageError('the body must be one element');
  if (root.local === 'file' && childElements(root).length === 0)
    return { file: parseIndex(textOf(root)), selective: false };
  let file: string | undefined;
  let selective = false;
  for (const child of childElements(root)) {
    if (child.local === 'file') file = textOf(child);
    else if (child.local === 'selective') selective = true;
    else throw new UnknownElementError(`unknown element <${child.local}>`);
  }
  if (file === undefined) throw new MissingElementError('file is missing: send <file>0</file>');
  return { file: parseIndex(file), selective };
};

/**
 * Parses the body of `POST /running/_rollback`: JSON `{"file": "0"}` (optionally inside
 * `input`, with `"selective": [null]`), or XML `<file>0</file>` or an element (`<input>`) holding
 * `<file>` and `<selective/>`. @see spec Decision 7, §10.3
 */
export const parseRollbackRequest = (body: string, format: LegacyFormat): RollbackRequest =>
  format === 'json' ? fromJson(body) : fromXml(body);
