/**
 * @module data/diff/diff-codec
 * Diffs as JSON text, for the journal: one object per change on its own line, values in their RFC 7951
 * JSON form, paths as arrays of steps from the datastore root. The format (version 1):
 *
 *     {"version":1,"changes":[
 *     {"op":"create","path":["m:top",{"user":{"name":"ann"}}],"value":{"name":"ann","uid":7},"after":null},
 *     {"op":"modify","path":["m:top","label"],"old":"a","value":"b"},
 *     {"op":"move","path":["m:top",{"tags":"x"}],"from":"y","to":null},
 *     {"op":"delete","path":["m:top","p"],"old":{}}
 *     ]}
 *
 * A step is a node name, module-qualified on the first step and where the module changes (RFC 7951 §4);
 * a list entry step is `{name: {key: value, …}}`, a leaf-list entry step `{name: value}`. `after`, `from`
 * and `to` name the preceding entry by the same key object or value, `null` for the first place.
 * @see RFC 7951
 */
import { InvalidValueError, MalformedMessageError, UnknownElementError } from '../../errors/index.ts';
import type { LeafListNode, LeafNode, SchemaTree, YangValue } from '../../yang/index.ts';
import { isTypeCheckFailure, parseJson, toCanonical, toJson } from '../../yang/index.ts';
import { decodeJson, encodeJson, jsonValueContext, parseJsonText, qualifyingJsonContext } from '../codec/json/index.ts';
import type {
  AnydataValue,
  DataSchemaNode,
  InnerSchemaNode,
  InstancePath,
  InstancePathStep,
  Slot,
} from '../instance/index.ts';
import { formatInstancePath, getChild, slotChildByName } from '../instance/index.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { reverseDiff } from './diff.ts';

/** The version of the format written by {@link encodeDiff}. */
const FORMAT_VERSION = 1;

const leafJson = (schema: SchemaTree, node: LeafNode | LeafListNode, value: YangValue): string =>
  JSON.stringify(toJson(node.type, value, qualifyingJsonContext(schema)));

/** The JSON object of a list entry's key values, in `key` order. */
const keysJson = (schema: SchemaTree, keys: readonly LeafNode[], values: readonly YangValue[]): string =>
  `{${keys.map((key, index) => `${JSON.stringify(key.name)}:${leafJson(schema, key, values[index] as YangValue)}`).join(',')}}`;

/**
 * Appends to `parts` the JSON text of the instance a change's last step holds, in pieces: a large
 * value (a whole list) is never joined on its own, only once with the rest of its diff.
 * @see RFC 7951
 */
const appendValueJson = (
  schema: SchemaTree,
  step: InstancePathStep,
  value: Slot,
  parts: string[],
  known?: KnownValueTexts,
): void => {
  const node = step.schema;
  switch (node.kind) {
    case 'leaf':
      parts.push(leafJson(schema, node, value as YangValue));
      return;
    case 'anydata':
    case 'anyxml':
      parts.push(JSON.stringify(value as AnydataValue));
      return;
    case 'leaf-list':
      if (step.value !== undefined) {
        parts.push(leafJson(schema, node, value as YangValue));
        return;
      }
      break;
    default:
      break;
  }
  // A value the other diff of the same commit has already encoded (a created list is the deleted one of its reverse).
  const entry = node.kind === 'list' && step.keys !== undefined;
  const seen = typeof value === 'object' && value !== null ? known?.get(value) : undefined;
  if (seen !== undefined && seen.schema === node && seen.entry === entry) {
    for (const piece of seen.pieces) parts.push(piece);
    return;
  }
  // Containers, list entries and whole lists or leaf-lists go through the tree encoder, as one
  // member: its text without the member name (and, for one entry, without the array around it).
  const prefix = `{${JSON.stringify(`${node.module}:${node.name}`)}:${node.kind === 'list' && step.keys !== undefined ? '[' : ''}`;
  const suffix = node.kind === 'list' && step.keys !== undefined ? ']}' : '}';
  const start = parts.length;
  let head = '';
  let skip = prefix.length;
  for (const chunk of encodeJson({ schema: node, value }, schema)) {
    if (head.length < prefix.length) head += chunk.slice(0, prefix.length - head.length);
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    parts.push(skip > 0 ? chunk.slice(skip) : chunk);
    skip = 0;
  }
  let cut = suffix.length;
  let tail = '';
  while (cut > 0 && parts.length > start) {
    const last = parts.pop() as string;
    tail = last.slice(Math.max(0, last.length - cut)) + tail;
    if (last.length > cut) parts.push(last.slice(0, last.length - cut));
    cut -= Math.min(cut, last.length);
  }
  if (head !== prefix || tail !== suffix) throw new TypeError(`unexpected encoding of ${node.name}`);
  if (known !== undefined && typeof value === 'object' && value !== null)
    known.set(value, { schema: node, entry, pieces: parts.slice(start) });
};

/** The text pieces of values already encoded, by value object (see {@link encodeDiffs}). */
type KnownValueTexts = WeakMap<
  object,
  { readonly schema: DataSchemaNode; readonly entry: boolean; readonly pieces: readonly string[] }
>;

/** The JSON text of the instance a change's last step holds. @see RFC 7951 */
export const changeValueJson = (schema: SchemaTree, step: InstancePathStep, value: Slot): string => {
  const parts: string[] = [];
  appendValueJson(schema, step, value, parts);
  return parts.join('');
};

/** The JSON text of an entry position's `after`. */
export const anchorJson = (schema: SchemaTree, node: DataSchemaNode, position: EntryPosition): string => {
  if (position.after === null) return 'null';
  if (node.kind === 'list') return keysJson(schema, node.keys, position.after as readonly YangValue[]);
  if (node.kind === 'leaf-list') return leafJson(schema, node, position.after as YangValue);
  throw new TypeError(`${node.kind} ${node.name} has no entry positions`);
};

const pathJson = (schema: SchemaTree, path: InstancePath): string => {
  let module: string | undefined;
  const steps = path.map((step) => {
    const node = step.schema;
    const name = JSON.stringify(node.module === module ? node.name : `${node.module}:${node.name}`);
    module = node.module;
    if (node.kind === 'list' && step.keys !== undefined) return `{${name}:${keysJson(schema, node.keys, step.keys)}}`;
    if (node.kind === 'leaf-list' && step.value !== undefined) return `{${name}:${leafJson(schema, node, step.value)}}`;
    return name;
  });
  return `[${steps.join(',')}]`;
};

/** Appends the JSON text of one change to `parts`. */
const appendChangeJson = (schema: SchemaTree, change: DataChange, parts: string[], known?: KnownValueTexts): void => {
  const step = change.path.at(-1);
  if (step === undefined) throw new TypeError('a change needs a path of at least one step');
  parts.push(`{"op":"${change.kind}","path":${pathJson(schema, change.path)}`);
  switch (change.kind) {
    case 'create':
      parts.push(',"value":');
      appendValueJson(schema, step, change.value, parts, known);
      if (change.position !== undefined) parts.push(`,"after":${anchorJson(schema, step.schema, change.position)}`);
      break;
    case 'delete':
      parts.push(',"old":');
      appendValueJson(schema, step, change.old, parts, known);
      if (change.position !== undefined) parts.push(`,"after":${anchorJson(schema, step.schema, change.position)}`);
      break;
    case 'modify':
      parts.push(',"old":');
      appendValueJson(schema, step, change.old, parts, known);
      parts.push(',"value":');
      appendValueJson(schema, step, change.value, parts, known);
      break;
    case 'move':
      parts.push(
        `,"from":${anchorJson(schema, step.schema, change.from)},"to":${anchorJson(schema, step.schema, change.to)}`,
      );
      break;
  }
  parts.push('}');
};

/**
 * The JSON text of `diff` (paths from the root of `schema`'s datastore), one change per line; values in
 * their RFC 7951 form. Joined once, into a flat string. @see RFC 7951
 */
export const encodeDiff = (diff: DataDiff, schema: SchemaTree): string => encodeWith(diff, schema, undefined).join('');

/** The pieces of the JSON text of `diff`. */
const encodeWith = (diff: DataDiff, schema: SchemaTree, known: KnownValueTexts | undefined): string[] => {
  if (diff.changes.length === 0) return [`{"version":${FORMAT_VERSION},"changes":[]}`];
  const parts: string[] = [`{"version":${FORMAT_VERSION},"changes":[\n`];
  diff.changes.forEach((change, index) => {
    if (index > 0) parts.push(',\n');
    appendChangeJson(schema, change, parts, known);
  });
  parts.push('\n]}');
  return parts;
};

/** A diff's text, and the pieces it was made of when they were not joined. */
export interface DiffText {
  readonly text: string;
  /**
   * The pieces whose concatenation `text` is, when `text` was not joined into one flat string
   * (a long text of long pieces, such as a whole list's entries): whoever encodes it to bytes can
   * then encode the pieces one by one instead of copying the whole text first. None otherwise.
   */
  readonly pieces?: readonly string[];
}

/** Texts at least this long whose pieces are this long on average are not joined. */
const UNJOINED_LENGTH = 1 << 20;
const UNJOINED_PIECE = 1 << 10;

/**
 * The text of `parts`: joined into one flat string, except when it is long and made of long
 * pieces — then concatenated (a rope of a few thousand pieces, no copy; flattened only if read)
 * and the pieces are kept with it.
 */
const diffText = (parts: readonly string[]): DiffText => {
  let length = 0;
  for (const part of parts) length += part.length;
  if (length < UNJOINED_LENGTH || length < UNJOINED_PIECE * parts.length) return { text: parts.join('') };
  let text = '';
  for (const part of parts) text += part;
  return { text, pieces: parts };
};

/**
 * The text that stands for the reverse of the diff stored beside it: what {@link encodeDiffs}
 * writes as the reverse of a long diff instead of repeating its values (the reverse of creating
 * a million entries would be their deletion, each with the very value the forward diff holds).
 * {@link decodeReverseDiff} reads it as `reverseDiff` of the forward diff, exactly the diff that
 * writing it out in full would have given back.
 */
export const REVERSE_OF_FORWARD = `{"version":${FORMAT_VERSION},"reverse-of":"forward"}`;

/** Forward texts at least this long (UTF-16 code units) get {@link REVERSE_OF_FORWARD} as their reverse. */
export const REVERSE_REFERENCE_LENGTH = 1 << 20;

/**
 * The texts of `diff` and of its reverse (`encodeDiff` of each): a value both hold (what a
 * create adds is what its reverse deletes) is encoded once. When the forward text is long
 * ({@link REVERSE_REFERENCE_LENGTH}), the reverse is {@link REVERSE_OF_FORWARD} instead: it
 * would repeat the forward's values, and it is only ever read beside it (a rollback file).
 * @see RFC 7951
 */
export const encodeDiffs = (
  diff: DataDiff,
  schema: SchemaTree,
): { readonly forward: DiffText; readonly reverse: DiffText } => {
  const known: KnownValueTexts = new WeakMap();
  const forward = diffText(encodeWith(diff, schema, known));
  if (forward.text.length >= REVERSE_REFERENCE_LENGTH) return { forward, reverse: { text: REVERSE_OF_FORWARD } };
  return { forward, reverse: diffText(encodeWith(reverseDiff(diff), schema, known)) };
};

// ---- decoding ----

type JsonObject = Readonly<Record<string, unknown>>;

const isObject = (raw: unknown): raw is JsonObject => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

const malformed = (message: string, path?: InstancePath): MalformedMessageError =>
  new MalformedMessageError(`invalid diff: ${message}`, path === undefined ? {} : { path: formatInstancePath(path) });

/** One step of a decoded path, with the inner schema node it sits in. */
interface DecodedStep {
  readonly step: InstancePathStep;
  readonly parent: InnerSchemaNode;
}

const leafValue = (schema: SchemaTree, node: LeafNode | LeafListNode, raw: unknown, path: InstancePath): YangValue => {
  const value = parseJson(node.type, raw, jsonValueContext(schema, node.module));
  if (!isTypeCheckFailure(value)) return value;
  throw new InvalidValueError(value.message, {
    path: formatInstancePath(path),
    ...(value.appTag === undefined ? {} : { appTag: value.appTag }),
  });
};

const keyValues = (schema: SchemaTree, keys: readonly LeafNode[], raw: unknown, path: InstancePath): YangValue[] => {
  if (!isObject(raw)) throw malformed('list keys must be a JSON object', path);
  return keys.map((key) => {
    if (!(key.name in raw)) throw malformed(`key ${key.name} is missing`, path);
    return leafValue(schema, key, raw[key.name], path);
  });
};

const decodePath = (schema: SchemaTree, raw: unknown): DecodedStep[] => {
  if (!Array.isArray(raw) || raw.length === 0) throw malformed('a path must be a non-empty array of steps');
  const steps: DecodedStep[] = [];
  const path: InstancePathStep[] = [];
  let parent: InnerSchemaNode = schema;
  let module: string | undefined;
  for (const item of raw as readonly unknown[]) {
    let member: string;
    let predicate: unknown;
    if (typeof item === 'string') member = item;
    else if (isObject(item) && Object.keys(item).length === 1) {
      member = Object.keys(item)[0] as string;
      predicate = item[member];
    } else throw malformed('a step must be a name or an object with one member', path);
    if (steps.length > 0) {
      const previous = (steps.at(-1) as DecodedStep).step;
      const { kind } = previous.schema;
      if (!(kind === 'container' || (kind === 'list' && previous.keys !== undefined)))
        throw malformed(`step ${member} follows a node without children`, path);
    }
    const colon = member.indexOf(':');
    const name = colon < 0 ? member : member.slice(colon + 1);
    const stepModule = colon < 0 ? module : member.slice(0, colon);
    if (stepModule === undefined) throw malformed(`the first step ${member} must be module-qualified`);
    const node = slotChildByName(parent, stepModule, name);
    if (node === undefined) {
      throw new UnknownElementError(`invalid diff: no data node ${stepModule}:${name} is defined here`, {
        path: formatInstancePath(path),
      });
    }
    let step: InstancePathStep = { schema: node };
    if (predicate !== undefined) {
      const at = [...path, step];
      if (node.kind === 'list') step = { schema: node, keys: keyValues(schema, node.keys, predicate, at) };
      else if (node.kind === 'leaf-list') step = { schema: node, value: leafValue(schema, node, predicate, at) };
      else throw malformed(`${node.kind} ${node.name} takes no key or value in a path`, at);
    }
    steps.push({ step, parent });
    path.push(step);
    if (node.kind === 'container' || node.kind === 'list') parent = node;
    module = node.module;
  }
  return steps;
};

const decodeValue = (schema: SchemaTree, steps: readonly DecodedStep[], raw: unknown): Slot => {
  const { step, parent } = steps.at(-1) as DecodedStep;
  const path = steps.map((item) => item.step);
  const node = step.schema;
  if (raw === undefined) throw malformed('a value is missing', path);
  switch (node.kind) {
    case 'leaf':
      return leafValue(schema, node, raw, path);
    case 'anydata':
    case 'anyxml':
      return raw as AnydataValue;
    case 'leaf-list':
      if (step.value !== undefined) return leafValue(schema, node, raw, path);
      break;
    default:
      break;
  }
  if (node.kind === 'container' || (node.kind === 'list' && step.keys !== undefined)) {
    // A container or an entry is decoded as the inner node it is (its members are named as inside it).
    if (!isObject(raw)) throw malformed(`the value of ${node.kind} ${node.name} must be a JSON object`, path);
    const decoded = decodeJson(node, raw, { schema, path, qualifiedTop: false });
    if (node.kind === 'list') {
      const keys = step.keys as readonly YangValue[];
      const same = node.keys.every((key, index) => {
        const value = decoded.slots[index];
        return (
          value !== undefined &&
          toCanonical(key.type, value as YangValue) === toCanonical(key.type, keys[index] as YangValue)
        );
      });
      if (!same) throw malformed('the entry does not have the keys of its path', path);
    }
    return decoded;
  }
  // A whole keyless list or leaf-list is decoded as the member of its parent.
  const holder = decodeJson(parent, { [`${node.module}:${node.name}`]: raw }, { schema, path: path.slice(0, -1) });
  return getChild(holder, node);
};

const decodeAnchor = (schema: SchemaTree, steps: readonly DecodedStep[], raw: unknown): EntryPosition => {
  const path = steps.map((item) => item.step);
  const node = (steps.at(-1) as DecodedStep).step.schema;
  if (raw === null) return { after: null };
  if (node.kind === 'list') return { after: keyValues(schema, node.keys, raw, path) };
  if (node.kind === 'leaf-list') return { after: leafValue(schema, node, raw, path) };
  throw malformed(`${node.kind} ${node.name} has no entry positions`, path);
};

const decodeChange = (schema: SchemaTree, raw: unknown): DataChange => {
  if (!isObject(raw)) throw malformed('a change must be a JSON object');
  const steps = decodePath(schema, raw.path);
  const path = steps.map((item) => item.step);
  const last = path.at(-1) as InstancePathStep;
  const positioned =
    (last.schema.kind === 'list' && last.keys !== undefined) ||
    (last.schema.kind === 'leaf-list' && last.value !== undefined);
  const position = (): { position?: EntryPosition } =>
    'after' in raw && positioned ? { position: decodeAnchor(schema, steps, raw.after) } : {};
  switch (raw.op) {
    case 'create':
      return { kind: 'create', path, value: decodeValue(schema, steps, raw.value), ...position() };
    case 'delete':
      return { kind: 'delete', path, old: decodeValue(schema, steps, raw.old), ...position() };
    case 'modify':
      return {
        kind: 'modify',
        path,
        old: decodeValue(schema, steps, raw.old),
        value: decodeValue(schema, steps, raw.value),
      };
    case 'move':
      if (!positioned) throw malformed('only list and leaf-list entries move', path);
      return {
        kind: 'move',
        path,
        from: decodeAnchor(schema, steps, raw.from),
        to: decodeAnchor(schema, steps, raw.to),
      };
    default:
      throw malformed(`unknown op ${JSON.stringify(raw.op)}`, path);
  }
};

/** True when `text` is {@link REVERSE_OF_FORWARD} (read as JSON: the member order and spacing do not matter). */
const isReverseOfForward = (text: string): boolean => {
  // The reference is short: a long text is a diff written out (parsing it twice would cost).
  if (text.length > 256 || !text.includes('"reverse-of"')) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    isObject(json) &&
    Object.keys(json).length === 2 &&
    json.version === FORMAT_VERSION &&
    json['reverse-of'] === 'forward'
  );
};

/**
 * The reverse diff of a commit from its two texts: `reverse` decoded, or, when it is
 * {@link REVERSE_OF_FORWARD}, `forward` decoded and reversed — the same diff in both cases
 * (`reverseDiff` of what the forward text holds is what the reverse text held in full). Throws as
 * {@link decodeDiff} does.
 */
export const decodeReverseDiff = (reverse: string, forward: string, schema: SchemaTree): DataDiff =>
  isReverseOfForward(reverse) ? reverseDiff(decodeDiff(forward, schema)) : decodeDiff(reverse, schema);

/**
 * Reads the text of {@link encodeDiff} back against `schema`; throws MalformedMessageError for text that
 * is not such a diff, UnknownElementError for nodes the schema does not have, InvalidValueError for values
 * that do not fit their type.
 */
export const decodeDiff = (text: string, schema: SchemaTree): DataDiff => {
  const json = parseJsonText(text);
  if (!isObject(json) || !Array.isArray(json.changes)) throw malformed('expected an object with a changes array');
  if (json.version !== FORMAT_VERSION) throw malformed(`unsupported version ${JSON.stringify(json.version)}`);
  return { changes: (json.changes as readonly unknown[]).map((change) => decodeChange(schema, change)) };
};
