/**
 * @module yang/types/instance-identifier
 * The instance-identifier built-in type: syntax only (whether the instance exists needs the
 * data tree). XML names carry namespace prefixes; JSON names carry module names, inherited
 * from the previous step when omitted.
 * @see RFC 7950 §9.13, RFC 7951 §6.11
 */
import type { InstanceIdentifierTypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { InstanceIdentifier, InstanceIdentifierPredicate, InstanceIdentifierStep, YangValue } from './value.ts';
import { isInstanceIdentifier } from './value.ts';
import type { ValueContext } from './value-context.ts';

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const POSITION = /[1-9][0-9]*/y;

/** Maps a name's qualifier (prefix or module name) to a module name; `inherited` is the context's. */
type Qualify = (qualifier: string | undefined, inherited: string | undefined) => string | undefined;

/** A small cursor parser over one instance-identifier text. */
class InstanceIdentifierParser {
  readonly #text: string;
  readonly #qualify: Qualify;
  #pos = 0;

  constructor(text: string, qualify: Qualify) {
    this.#text = text;
    this.#qualify = qualify;
  }

  parse(): InstanceIdentifier | string {
    const steps: InstanceIdentifierStep[] = [];
    if (this.#text === '') return 'it is empty';
    while (this.#pos < this.#text.length) {
      if (this.#text[this.#pos] !== '/') return `expected "/" at position ${this.#pos}`;
      this.#pos++;
      const name = this.#qualifiedName(steps[steps.length - 1]?.module);
      if (typeof name === 'string') return name;
      const predicates: InstanceIdentifierPredicate[] = [];
      while (this.#text[this.#pos] === '[') {
        const predicate = this.#predicate(name.module);
        if (typeof predicate === 'string') return predicate;
        predicates.push(predicate);
      }
      steps.push({ ...name, predicates });
    }
    return { kind: 'instance-identifier', steps };
  }

  #match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.#pos;
    const match = pattern.exec(this.#text);
    if (match === null) return undefined;
    this.#pos += match[0].length;
    return match[0];
  }

  #spaces(): void {
    while (this.#text[this.#pos] === ' ' || this.#text[this.#pos] === '\t') this.#pos++;
  }

  #qualifiedName(inherited: string | undefined): { module: string; name: string } | string {
    const start = this.#pos;
    const first = this.#match(IDENTIFIER);
    if (first === undefined) return `expected a node name at position ${start}`;
    let qualifier: string | undefined;
    let name = first;
    if (this.#text[this.#pos] === ':') {
      this.#pos++;
      const local = this.#match(IDENTIFIER);
      if (local === undefined) return `expected a name after ":" at position ${this.#pos}`;
      qualifier = first;
      name = local;
    }
    const module = this.#qualify(qualifier, inherited);
    if (module === undefined) {
      return qualifier === undefined
        ? `the name "${name}" at position ${start} needs a prefix`
        : `"${qualifier}" at position ${start} is not a known prefix or module`;
    }
    return { module, name };
  }

  #predicate(stepModule: string): InstanceIdentifierPredicate | string {
    this.#pos++;
    this.#spaces();
    let predicate: InstanceIdentifierPredicate;
    const position = this.#match(POSITION);
    if (position !== undefined) {
      predicate = { kind: 'position', position: Number(position) };
    } else {
      let key: { module: string; name: string } | undefined;
      if (this.#text[this.#pos] === '.') {
        this.#pos++;
      } else {
        const name = this.#qualifiedName(stepModule);
        if (typeof name === 'string') return name;
        key = name;
      }
      this.#spaces();
      if (this.#text[this.#pos] !== '=') return `expected "=" at position ${this.#pos}`;
      this.#pos++;
      this.#spaces();
      const quote = this.#text[this.#pos];
      if (quote !== "'" && quote !== '"') return `expected a quoted string at position ${this.#pos}`;
      const end = this.#text.indexOf(quote, this.#pos + 1);
      if (end < 0) return `unterminated string at position ${this.#pos}`;
      const value = this.#text.slice(this.#pos + 1, end);
      this.#pos = end + 1;
      predicate = key === undefined ? { kind: 'leaf-list', value } : { kind: 'key', ...key, value };
    }
    this.#spaces();
    if (this.#text[this.#pos] !== ']') return `expected "]" at position ${this.#pos}`;
    this.#pos++;
    return predicate;
  }
}

/**
 * Parses instance-identifier text; `qualify` maps each name's prefix or module name to a module.
 * Returns a reason string when the text is malformed. @see RFC 7950 §9.13
 */
export const parseInstanceIdentifierText = (text: string, qualify: Qualify): InstanceIdentifier | string =>
  new InstanceIdentifierParser(text, qualify).parse();

const quote = (value: string): string => (value.includes("'") ? `"${value}"` : `'${value}'`);

/** Writes an instance-identifier; `qualifier` gives the prefix text for a name, or `undefined` to omit it. */
export const formatInstanceIdentifier = (
  value: InstanceIdentifier,
  qualifier: (module: string, inherited: string | undefined) => string | undefined,
): string => {
  const name = (module: string, local: string, inherited: string | undefined): string => {
    const prefix = qualifier(module, inherited);
    return prefix === undefined ? local : `${prefix}:${local}`;
  };
  let previous: string | undefined;
  let out = '';
  for (const step of value.steps) {
    out += `/${name(step.module, step.name, previous)}`;
    for (const predicate of step.predicates) {
      out +=
        predicate.kind === 'position'
          ? `[${predicate.position}]`
          : predicate.kind === 'leaf-list'
            ? `[.=${quote(predicate.value)}]`
            : `[${name(predicate.module, predicate.name, step.module)}=${quote(predicate.value)}]`;
    }
    previous = step.module;
  }
  return out;
};

/** RFC 7951 §6.11: a module name only where the module changes. */
const jsonQualifier = (module: string, inherited: string | undefined): string | undefined =>
  module === inherited ? undefined : module;

const xmlQualifier =
  (ctx: ValueContext) =>
  (module: string): string => {
    const prefix = ctx.prefixOf(module);
    if (prefix === undefined || prefix === '') throw new Error(`no XML prefix is declared for module ${module}`);
    return prefix;
  };

const failure = (type: InstanceIdentifierTypeSpec, text: string, reason: string): TypeCheckFailure =>
  typeCheckFailure(`${quoteForMessage(text)} is not a valid instance-identifier of type ${typeLabel(type)}: ${reason}`);

const parseWith = (
  type: InstanceIdentifierTypeSpec,
  text: string,
  qualify: Qualify,
): InstanceIdentifier | TypeCheckFailure => {
  const result = parseInstanceIdentifierText(text, qualify);
  return typeof result === 'string' ? failure(type, text, result) : result;
};

/** The codec of instance-identifier (syntax only; `require-instance` needs the data tree). @see RFC 7950 §9.13 */
export const INSTANCE_IDENTIFIER_CODEC: TypeCodec<InstanceIdentifierTypeSpec, InstanceIdentifier> = {
  // RFC 7950 §9.13.2: every name is prefixed in the XML encoding.
  parseLexical: (type, text, ctx) =>
    parseWith(type, text, (prefix) => (prefix === undefined ? undefined : ctx.resolvePrefix(prefix))),
  parseJson: (type, raw) =>
    typeof raw === 'string'
      ? parseWith(type, raw, (module, inherited) => module ?? inherited)
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is InstanceIdentifier => isInstanceIdentifier(value),
  check: () => undefined,
  toCanonical: (_type, value) => formatInstanceIdentifier(value, jsonQualifier),
  toJson: (_type, value) => formatInstanceIdentifier(value, jsonQualifier),
  toXmlText: (_type, value, ctx) => formatInstanceIdentifier(value, xmlQualifier(ctx)),
};
