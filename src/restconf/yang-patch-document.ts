/**
 * @module restconf/yang-patch-document
 * A YANG Patch as the client sent it, read from JSON or XML: the patch-id, the comment and the
 * edits in order, each with its edit-id, operation, target, point, where and the raw value
 * (JSON, or the XML text of the value's children with the namespace declarations in scope
 * written onto them, so that it decodes on its own).
 * @see RFC 8072 §2.1–2.5, §3 (the ietf-yang-patch module)
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { EditOperation } from '../data/index.ts';
import { JsonArrayText, LAZY_JSON_LENGTH, parseJsonText, readJsonObjectLazily } from '../data/index.ts';
import { InvalidValueError, MalformedMessageError, MissingElementError, UnknownElementError } from '../errors/index.ts';

/** The namespace of ietf-yang-patch. */
export const YANG_PATCH_NAMESPACE = 'urn:ietf:params:xml:ns:yang:ietf-yang-patch';

/** Where an inserted or moved entry goes. @see RFC 8072 §2.5 */
export type PatchWhere = 'before' | 'after' | 'first' | 'last';

/** An edit's value as sent: parsed JSON, or XML text. */
export type RawPatchValue =
  | { readonly encoding: 'json'; readonly json: unknown }
  | { readonly encoding: 'xml'; readonly text: string };

/** One edit of a YANG Patch. @see RFC 8072 §2.5 */
export interface PatchEdit {
  readonly editId: string;
  readonly operation: EditOperation;
  /** The target, relative to the request's target resource (`/` is the resource itself). */
  readonly target: string;
  readonly point?: string;
  readonly where?: PatchWhere;
  readonly value?: RawPatchValue;
}

/**
 * A `create` edit of one list entry as a long patch's reader found it in the commonest form,
 * `{"edit-id":"…","operation":"create","target":"…","value":{"<member>":[{…}]}}`: the member
 * name and the entry's parsed object are kept as such, and the value is made only when asked
 * for. It is exactly the edit that parsing the text whole and checking it gives (see
 * {@link entryCreateEditOf}).
 */
export class EntryCreateEdit implements PatchEdit {
  readonly editId: string;
  readonly operation = 'create' as const;
  readonly target: string;
  /** The one member of the value (e.g. `module:list`), as written. */
  readonly member: string;
  /** The one item of the member's array: an object. */
  readonly entry: Readonly<Record<string, unknown>>;

  constructor(editId: string, target: string, member: string, entry: Readonly<Record<string, unknown>>) {
    this.editId = editId;
    this.target = target;
    this.member = member;
    this.entry = entry;
  }

  get value(): RawPatchValue {
    // A computed name makes an own member whatever the name, as JSON.parse does.
    return { encoding: 'json', json: { [this.member]: [this.entry] } };
  }
}

const EDIT_ID_OPENING = '{"edit-id":"';
const CREATE_TARGET = '","operation":"create","target":"';
const VALUE_MEMBER = '","value":{"';
const MEMBER_ARRAY = '":[';
const ARRAY_CLOSING = ']}}';
const OPEN_BRACE = 123;
const BACKSLASH = 92;

/** True when the text between two quotes of a JSON text is a string without escapes or control characters. */
const isPlainString = (text: string, start: number, end: number): boolean => {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 32 || code === BACKSLASH) return false;
  }
  return true;
};

/**
 * The edit of `text` (one item of a long patch's `edit` array) when it is written exactly as
 * `{"edit-id":"I","operation":"create","target":"T","value":{"M":[E]}}` — no white space between
 * these tokens, I, T and M without escapes, E one JSON object — else undefined (then the edit is
 * parsed and checked the general way). Such a text parses to exactly that edit: every member is
 * one the edit may have, the strings are strings, a create has its value and nothing else.
 */
export const entryCreateEditOf = (text: string): EntryCreateEdit | undefined => {
  if (!text.startsWith(EDIT_ID_OPENING)) return undefined;
  const idStart = EDIT_ID_OPENING.length;
  const idEnd = text.indexOf('"', idStart);
  if (idEnd < 0 || !text.startsWith(CREATE_TARGET, idEnd)) return undefined;
  const targetStart = idEnd + CREATE_TARGET.length;
  const targetEnd = text.indexOf('"', targetStart);
  if (targetEnd < 0 || !text.startsWith(VALUE_MEMBER, targetEnd)) return undefined;
  const memberStart = targetEnd + VALUE_MEMBER.length;
  const memberEnd = text.indexOf('"', memberStart);
  if (memberEnd < 0 || !text.startsWith(MEMBER_ARRAY, memberEnd)) return undefined;
  const entryStart = memberEnd + MEMBER_ARRAY.length;
  const entryEnd = text.length - ARRAY_CLOSING.length;
  if (entryEnd <= entryStart || text.charCodeAt(entryStart) !== OPEN_BRACE || !text.endsWith(ARRAY_CLOSING))
    return undefined;
  if (
    !isPlainString(text, idStart, idEnd) ||
    !isPlainString(text, targetStart, targetEnd) ||
    !isPlainString(text, memberStart, memberEnd)
  )
    return undefined;
  let entry: unknown;
  try {
    // One value or a syntax error: "{…},{…}" (two entries) does not parse.
    entry = JSON.parse(text.slice(entryStart, entryEnd));
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  return new EntryCreateEdit(
    // Parsed, not sliced: a slice of a long text may keep the whole body alive, and the edit-id
    // (and the keys taken from the target) are kept until the patch is committed, while the body
    // is let go before.
    JSON.parse(text.slice(idStart - 1, idEnd + 1)) as string,
    JSON.parse(text.slice(targetStart - 1, targetEnd + 1)) as string,
    text.slice(memberStart, memberEnd),
    entry as Readonly<Record<string, unknown>>,
  );
};

/** A YANG Patch. @see RFC 8072 §2.1 */
export interface YangPatch {
  readonly patchId: string;
  readonly comment?: string;
  readonly edits: readonly PatchEdit[];
}

const OPERATIONS: readonly EditOperation[] = ['create', 'delete', 'insert', 'merge', 'move', 'replace', 'remove'];
const WHERES: readonly PatchWhere[] = ['before', 'after', 'first', 'last'];
const NEEDS_VALUE: ReadonlySet<EditOperation> = new Set(['create', 'merge', 'replace', 'insert']);

/** Fields of one edit as read, before they are checked. */
interface EditFields {
  editId?: string;
  operation?: string;
  target?: string;
  point?: string;
  where?: string;
  value?: RawPatchValue;
}

const missing = (what: string, where: string): MissingElementError =>
  new MissingElementError(`${where} lacks its ${what}`, { info: { 'bad-element': what } });

/** The error of an edit-id that an earlier edit has. @see RFC 8072 §3 (edit-id is the list's key) */
const repeatedEditId = (editId: string): InvalidValueError =>
  new InvalidValueError(`two edits have the edit-id ${editId}`);

/** Where the edit-ids of a patch are noted as its edits are checked: each must be unique. */
interface EditIds {
  /** Notes the edit-id of the next edit; may throw when an earlier edit has it. */
  note(editId: string): void;
}

/** Edit-ids checked at once: a repeated one throws when it is noted. */
class CheckedEditIds implements EditIds {
  readonly #seen = new Set<string>();

  note(editId: string): void {
    if (this.#seen.has(editId)) throw repeatedEditId(editId);
    this.#seen.add(editId);
  }
}

/**
 * Edit-ids checked later, all at once ({@link check}): a Set of a million strings costs seconds
 * (1.6 s measured), sorting them a tenth of one. The reader of a long patch checks them whenever
 * an edit fails and after the last edit, so that a repeated edit-id is still the error reported
 * when it comes before the edit that fails, as if checked at once.
 */
class DeferredEditIds implements EditIds {
  /** The ids noted, in an array allocated whole for the edits of the patch (not grown a million times). */
  readonly #ids: string[];
  #count = 0;
  /** How many of the first ids are known to be distinct. */
  #distinct = 0;

  constructor(capacity: number) {
    this.#ids = new Array<string>(capacity);
  }

  note(editId: string): void {
    this.#ids[this.#count++] = editId;
  }

  /** Throws the error of the first edit whose edit-id an earlier edit has, among those noted. */
  check(): void {
    const ids = this.#ids;
    const count = this.#count;
    if (this.#distinct === count) return;
    const sorted = ids.slice(0, count).sort();
    let repeated = false;
    for (let index = 1; index < sorted.length && !repeated; index++) repeated = sorted[index] === sorted[index - 1];
    if (!repeated) {
      this.#distinct = count;
      return;
    }
    // Rare: the first repeat in order is located the slow way.
    const seen = new Set<string>();
    for (let index = 0; index < count; index++) {
      const id = ids[index] as string;
      if (seen.has(id)) throw repeatedEditId(id);
      seen.add(id);
    }
  }
}

/** Checks one edit's fields against the ietf-yang-patch module (mandatory leaves, enumerations, `when`). */
const checkEdit = (fields: EditFields, index: number, ids: EditIds): PatchEdit => {
  const where = `edit ${index + 1}`;
  if (fields.editId === undefined) throw missing('edit-id', where);
  const named = `edit ${fields.editId}`;
  ids.note(fields.editId);
  if (fields.operation === undefined) throw missing('operation', named);
  const operation = OPERATIONS.find((candidate) => candidate === fields.operation);
  if (operation === undefined)
    throw new InvalidValueError(
      `${named}: operation must be one of ${OPERATIONS.join(', ')}, not "${fields.operation}"`,
    );
  if (fields.target === undefined) throw missing('target', named);
  const placed = operation === 'insert' || operation === 'move';
  let whereValue: PatchWhere | undefined;
  if (fields.where !== undefined) {
    if (!placed) throw new InvalidValueError(`${named}: where applies only to insert and move`);
    whereValue = WHERES.find((candidate) => candidate === fields.where);
    if (whereValue === undefined)
      throw new InvalidValueError(`${named}: where must be one of ${WHERES.join(', ')}, not "${fields.where}"`);
  }
  const needsPoint = placed && (whereValue === 'before' || whereValue === 'after');
  if (fields.point !== undefined && !needsPoint)
    throw new InvalidValueError(`${named}: point applies only to insert and move with where before or after`);
  if (needsPoint && fields.point === undefined) throw missing('point', named);
  if (NEEDS_VALUE.has(operation) && fields.value === undefined) throw missing('value', named);
  if (!NEEDS_VALUE.has(operation) && fields.value !== undefined)
    throw new InvalidValueError(`${named}: a ${operation} edit takes no value`);
  return {
    editId: fields.editId,
    operation,
    target: fields.target,
    ...(fields.point === undefined ? {} : { point: fields.point }),
    ...(whereValue === undefined ? {} : { where: whereValue }),
    ...(fields.value === undefined ? {} : { value: fields.value }),
  };
};

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringMember = (object: Readonly<Record<string, unknown>>, name: string, where: string): string | undefined => {
  const value = object[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidValueError(`${where}: ${name} must be a string`);
  return value;
};

const EDIT_MEMBERS: ReadonlySet<string> = new Set(['edit-id', 'operation', 'target', 'point', 'where', 'value']);

/** A YANG Patch whose edits are read one by one as they are iterated (once). */
export interface YangPatchReading {
  readonly patchId: string;
  readonly comment?: string;
  /**
   * The edits in order; an edit that is not well-formed throws when it is reached (a repeated
   * edit-id may be found only when a later edit fails, or after the last one).
   */
  readonly edits: Iterable<PatchEdit>;
  /** How many edits there are, when known before they are read (a long patch's). */
  readonly editCount?: number;
  /**
   * Throws the error of an edit-id repeated among the edits iterated so far, if any: to be called
   * before an error of the edit just iterated is reported, since the repeat comes first.
   */
  checkEditIds(): void;
}

/** Where a YANG Patch in JSON keeps its edits. */
export const EDITS_PATH: readonly string[] = ['ietf-yang-patch:yang-patch', 'edit'];

/** One edit of a YANG Patch in JSON, checked. */
const editOf = (raw: unknown, index: number, ids: EditIds): PatchEdit => {
  const where = `edit ${index + 1}`;
  if (!isObject(raw)) throw new InvalidValueError(`${where} must be an object`);
  for (const member of Object.keys(raw)) {
    if (!EDIT_MEMBERS.has(member)) throw new UnknownElementError(`${where} has no member "${member}"`);
  }
  const value = raw.value;
  if (value !== undefined && !isObject(value)) throw new InvalidValueError(`${where}: value must be an object`);
  const fields: EditFields = {};
  const editId = stringMember(raw, 'edit-id', where);
  const operation = stringMember(raw, 'operation', where);
  const target = stringMember(raw, 'target', where);
  const point = stringMember(raw, 'point', where);
  const whereText = stringMember(raw, 'where', where);
  if (editId !== undefined) fields.editId = editId;
  if (operation !== undefined) fields.operation = operation;
  if (target !== undefined) fields.target = target;
  if (point !== undefined) fields.point = point;
  if (whereText !== undefined) fields.where = whereText;
  if (value !== undefined) fields.value = { encoding: 'json', json: value };
  return checkEdit(fields, index, ids);
};

const NOTHING_TO_CHECK = (): void => {};

/** The envelope of a YANG Patch in JSON: its patch-id and comment, and its edits as found. */
export interface YangPatchEnvelope {
  readonly patchId: string;
  readonly comment?: string;
  /** The `edit` member's value (an empty array when there is none), not checked. */
  readonly edits: unknown;
}

/**
 * Checks the envelope of a YANG Patch in JSON (`document`, parsed): one object
 * `{"ietf-yang-patch:yang-patch": {…}}` with no other members than patch-id, comment and edit,
 * a patch-id, strings where strings belong. Throws the first error found.
 */
export const yangPatchEnvelopeOf = (document: unknown): YangPatchEnvelope => {
  if (!isObject(document) || Object.keys(document).length !== 1 || !isObject(document['ietf-yang-patch:yang-patch']))
    throw new MalformedMessageError('a YANG Patch body is one object {"ietf-yang-patch:yang-patch": {…}}');
  const patch = document['ietf-yang-patch:yang-patch'];
  for (const member of Object.keys(patch)) {
    if (member !== 'patch-id' && member !== 'comment' && member !== 'edit')
      throw new UnknownElementError(`yang-patch has no member "${member}"`);
  }
  const patchId = stringMember(patch, 'patch-id', 'yang-patch');
  if (patchId === undefined) throw missing('patch-id', 'the YANG Patch');
  const comment = stringMember(patch, 'comment', 'yang-patch');
  return { patchId, ...(comment === undefined ? {} : { comment }), edits: patch.edit ?? [] };
};

/**
 * The edits of a long patch read one by one from their texts, in order: the commonest edit, a
 * create of one list entry, without parsing the edit around its entry (the same edit; any other
 * form is parsed and checked whole), and the edit-ids checked late ({@link DeferredEditIds}).
 * Shared by the reading of a whole text and the reading of a body as it arrives, so that both
 * give the same edits and the same errors.
 */
export class LongPatchEdits {
  readonly #ids: DeferredEditIds;

  /** `capacity`: how many edits the patch has (or is expected to have). */
  constructor(capacity: number) {
    this.#ids = new DeferredEditIds(capacity);
  }

  /**
   * The edit at `index`, whose text is `text`; `parse` gives the parsed text (or throws the
   * error of a text that is not JSON). Throws the error of an edit that is not well-formed, or
   * that of an edit-id repeated before it.
   */
  edit(text: string, index: number, parse: () => unknown): PatchEdit {
    const create = entryCreateEditOf(text);
    if (create !== undefined) {
      this.#ids.note(create.editId);
      return create;
    }
    try {
      return editOf(parse(), index, this.#ids);
    } catch (error) {
      this.#ids.check();
      throw error;
    }
  }

  /** Throws the error of the first edit-id repeated among the edits read so far, if any. */
  checkEditIds(): void {
    this.#ids.check();
  }
}

/**
 * Reads a YANG Patch in JSON: `{"ietf-yang-patch:yang-patch": {…}}`, its edits one by one as
 * they are iterated. A long patch (a million edits) is never parsed whole: each edit is parsed
 * from its slice of the text when it is reached, and is garbage once it is applied; an edit that
 * is not well-formed is then found after the edits before it (`lazyFrom`: the length from
 * which a text is read so; tests set it lower). @see RFC 8072 §4.2.2
 */
export const readYangPatchJson = (text: string, lazyFrom: number = LAZY_JSON_LENGTH): YangPatchReading => {
  const document =
    (text.length >= lazyFrom ? readJsonObjectLazily(text, [EDITS_PATH]) : undefined) ?? parseJsonText(text);
  const { patchId, comment, edits: rawEdits } = yangPatchEnvelopeOf(document);
  if (!(rawEdits instanceof JsonArrayText) && !Array.isArray(rawEdits))
    throw new InvalidValueError('yang-patch: edit must be an array of edits');
  // A short patch is checked whole at once: an edit that is not well-formed is found first.
  if (!(rawEdits instanceof JsonArrayText)) {
    const ids = new CheckedEditIds();
    const edits = (rawEdits as unknown[]).map((raw, index) => editOf(raw, index, ids));
    return { patchId, ...(comment === undefined ? {} : { comment }), edits, checkEditIds: NOTHING_TO_CHECK };
  }
  const reader = new LongPatchEdits(rawEdits.length);
  const edits = function* (): Generator<PatchEdit> {
    for (let index = 0; index < rawEdits.length; index++)
      yield reader.edit(rawEdits.itemText(index), index, () => rawEdits.item(index));
    reader.checkEditIds();
  };
  return {
    patchId,
    ...(comment === undefined ? {} : { comment }),
    edits: edits(),
    editCount: rawEdits.length,
    checkEditIds: () => reader.checkEditIds(),
  };
};

/** Reads a YANG Patch in JSON, every edit at once. @see RFC 8072 §4.2.2 */
export const parseYangPatchJson = (text: string): YangPatch => {
  const { edits, checkEditIds: _, editCount: __, ...patch } = readYangPatchJson(text);
  return { ...patch, edits: [...edits] };
};

type Bindings = Readonly<Record<string, string>>;

/** One open element while reading the XML. */
interface OpenElement {
  readonly local: string;
  readonly uri: string;
  /** Declarations in scope here (the element's own and its ancestors'). */
  readonly scope: Bindings;
  text: string;
}

const EDIT_LEAVES: ReadonlySet<string> = new Set(['edit-id', 'operation', 'target', 'point', 'where']);

/**
 * Writes the declarations in scope at `value` that a child element does not make itself onto that
 * child's start tag (right after its name), so that the child decodes without its ancestors.
 */
const declareScope = (startTag: string, own: Bindings, scope: Bindings): string => {
  const nameEnd = startTag.search(/[\s/>]/);
  const extra = Object.entries(scope)
    .filter(([prefix]) => prefix !== 'xml' && !Object.hasOwn(own, prefix))
    .map(
      ([prefix, uri]) =>
        ` ${prefix === '' ? 'xmlns' : `xmlns:${prefix}`}="${uri.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`,
    )
    .join('');
  return startTag.slice(0, nameEnd) + extra + startTag.slice(nameEnd);
};

/** Reads a YANG Patch in XML: `<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch">`. @see RFC 8072 §4.2.1 */
export const parseYangPatchXml = (text: string): YangPatch => {
  const parser = new SaxesParser({ xmlns: true });
  const stack: OpenElement[] = [];
  let patchId: string | undefined;
  let comment: string | undefined;
  const rawEdits: EditFields[] = [];
  let edit: EditFields | undefined;
  let valueStart = -1;
  let valueParts: string[] = [];
  let valueScope: Bindings = {};
  let pendingChildStart = -1;
  let sawRoot = false;
  parser.on('error', (error) => {
    throw new MalformedMessageError(`the YANG Patch is not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    throw new MalformedMessageError('a YANG Patch must not have a DOCTYPE');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack.at(-1);
    const scope: Bindings = { ...(parent?.scope ?? {}), ...tag.ns };
    const depth = stack.length;
    const tagEnd = parser.position;
    const tagStart = text.lastIndexOf('<', tagEnd - 1);
    if (valueStart >= 0) {
      // Inside <value>: only the direct children get the declarations written onto them.
      if (depth === 3) {
        valueParts.push(text.slice(pendingChildStart, tagStart));
        valueParts.push(declareScope(text.slice(tagStart, tagEnd), tag.ns, valueScope));
        pendingChildStart = tagEnd;
      }
      stack.push({ local: tag.local, uri: tag.uri, scope, text: '' });
      return;
    }
    if (tag.uri !== YANG_PATCH_NAMESPACE)
      throw new UnknownElementError(`<${tag.local}> is not in the ietf-yang-patch namespace ${YANG_PATCH_NAMESPACE}`);
    const path = [...stack.map((open) => open.local), tag.local].join('/');
    if (depth === 0) {
      if (tag.local !== 'yang-patch')
        throw new MalformedMessageError('the root element of a YANG Patch is <yang-patch>');
      sawRoot = true;
    } else if (path === 'yang-patch/edit') {
      edit = {};
    } else if (path === 'yang-patch/edit/value') {
      valueStart = tagEnd;
      valueScope = scope;
      valueParts = [];
      pendingChildStart = tagEnd;
    } else if (
      !(depth === 1 && (tag.local === 'patch-id' || tag.local === 'comment')) &&
      !(depth === 2 && path.startsWith('yang-patch/edit/') && EDIT_LEAVES.has(tag.local))
    ) {
      throw new UnknownElementError(`the YANG Patch has no element ${path}`);
    }
    stack.push({ local: tag.local, uri: tag.uri, scope, text: '' });
  });
  parser.on('text', (chunk) => {
    const open = stack.at(-1);
    if (open !== undefined && valueStart < 0) open.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const open = stack.at(-1);
    if (open !== undefined && valueStart < 0) open.text += chunk;
  });
  parser.on('closetag', () => {
    const open = stack.pop() as OpenElement;
    const depth = stack.length;
    if (valueStart >= 0) {
      if (depth !== 2) return;
      // </value>: the rest of its content up to the close tag.
      const closeStart = text.lastIndexOf('<', parser.position - 1);
      valueParts.push(text.slice(pendingChildStart, closeStart));
      if (edit !== undefined) edit.value = { encoding: 'xml', text: valueParts.join('') };
      valueStart = -1;
      return;
    }
    const value = open.text;
    if (depth === 1 && open.local === 'patch-id') patchId = value;
    else if (depth === 1 && open.local === 'comment') comment = value;
    else if (depth === 1 && open.local === 'edit') {
      if (edit !== undefined) rawEdits.push(edit);
      edit = undefined;
    } else if (depth === 2 && edit !== undefined) {
      const trimmed = value.trim();
      if (open.local === 'edit-id') edit.editId = value;
      else if (open.local === 'operation') edit.operation = trimmed;
      else if (open.local === 'target') edit.target = trimmed;
      else if (open.local === 'point') edit.point = trimmed;
      else if (open.local === 'where') edit.where = trimmed;
    }
  });
  parser.write(text).close();
  if (!sawRoot) throw new MalformedMessageError('the YANG Patch has no <yang-patch> element');
  if (patchId === undefined) throw missing('patch-id', 'the YANG Patch');
  const ids = new CheckedEditIds();
  const edits = rawEdits.map((fields, index) => checkEdit(fields, index, ids));
  return { patchId, ...(comment === undefined ? {} : { comment }), edits };
};
