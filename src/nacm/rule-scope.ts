/**
 * @module nacm/rule-scope
 * The rule matching of RFC 8341 §3.4.5, precomputed along the schema. A scope is a position in
 * the tree (a schema node, with the keys of the entries on the way folded in) together with,
 * for each data rule in order, how far the rule's path has been followed: not yet to its end,
 * waiting for a list entry's keys or a leaf-list value, matched (the node is the path's target
 * or below it), or failed. Scopes are interned per position and state, so each is computed
 * once per rule set and shared by every request and every entry that reaches it.
 * @see RFC 8341 §3.4.5 (data node access validation)
 */
import type { LeafListNode, ListNode, SchemaNode, SchemaTree, YangValue } from '../yang/index.ts';
import { yangValuesEqual } from '../yang/index.ts';
import type { AccessOperation } from './access-operation.ts';
import type { CompiledRule } from './compiled-rule.ts';
import { ruleCovers } from './compiled-rule.ts';
import { defaultDenyOf, hasNacmExtension } from './default-deny.ts';
import type { NacmAction } from './nacm-config.ts';
import type { RulePath, RulePathStep } from './rule-path.ts';

/** The rule failed to match on the way here. */
const DEAD = -1;
/** The rule's path is followed to its end: it matches this node and everything below. */
const MATCHED = -2;
// A state n >= 0: step n/2 of the path is next; odd: the node of step (n-1)/2 is reached and
// waits for its entry's keys or value.

/** A position in the schema: the datastore root or a data node, action or notification. */
export type ScopeNode = SchemaTree | SchemaNode;

const NODE_IDS = new WeakMap<object, number>();
let nextNodeId = 0;
const nodeId = (node: object): number => {
  let id = NODE_IDS.get(node);
  if (id === undefined) {
    id = nextNodeId++;
    NODE_IDS.set(node, id);
  }
  return id;
};

const pathOf = (rule: CompiledRule): RulePath | undefined =>
  rule.target.kind === 'data-node' ? rule.target.path : undefined;

const accepts = (step: RulePathStep, node: SchemaNode): boolean => step.nodes === undefined || step.nodes.has(node);

const waitsAt = (step: RulePathStep, node: SchemaNode): boolean =>
  (node.kind === 'list' && step.keys.has(node)) || (node.kind === 'leaf-list' && step.values.has(node));

const after = (path: RulePath, step: number): number => (step + 1 === path.length ? MATCHED : 2 * (step + 1));

/** Resolutions of a waiting scope are cached by a bit mask of this many waiting rules at most. */
const MAX_MASK_BITS = 30;

/** True when an entry with `keys` has the key values `wanted` (undefined, or an undefined value: any). */
const keysMatch = (wanted: readonly (YangValue | undefined)[] | undefined, keys: readonly YangValue[]): boolean => {
  if (wanted === undefined) return true;
  for (let index = 0; index < wanted.length; index++) {
    const value = wanted[index];
    if (value !== undefined && !yangValuesEqual(value, keys[index] as YangValue)) return false;
  }
  return true;
};

/** The rules of one access operation and the scopes computed from them. */
export class ScopeTable {
  readonly operation: AccessOperation;
  /** The data rules that apply to the operation, in order (their module is checked per node). */
  readonly rules: readonly CompiledRule[];
  readonly #defaultAction: NacmAction;
  readonly #scopes = new Map<string, Scope>();
  readonly root: Scope;

  constructor(
    schema: SchemaTree,
    operation: AccessOperation,
    rules: readonly CompiledRule[],
    defaultAction: NacmAction,
  ) {
    this.operation = operation;
    this.rules = rules;
    this.#defaultAction = defaultAction;
    const states = new Int32Array(rules.length);
    rules.forEach((rule, index) => {
      const path = pathOf(rule);
      states[index] = path === undefined || path.length === 0 ? MATCHED : 0;
    });
    this.root = this.intern(schema, states);
  }

  /** The one scope of `node` with `states`. */
  intern(node: ScopeNode, states: Int32Array): Scope {
    const key = `${nodeId(node)}:${states.join(',')}`;
    let scope = this.#scopes.get(key);
    if (scope === undefined) {
      scope = new Scope(this, node, states, key);
      this.#scopes.set(key, scope);
    }
    return scope;
  }

  /**
   * The action when no rule matches `node`: the default-deny extensions first (for data
   * nodes), then the operation's default. @see RFC 8341 §3.4.5 steps 9–13, §3.4.4 step 10
   */
  defaultFor(node: ScopeNode): NacmAction {
    if (!('kind' in node)) return this.#defaultAction;
    switch (this.operation) {
      case 'read':
        return defaultDenyOf(node).all ? 'deny' : this.#defaultAction;
      case 'exec':
        return hasNacmExtension(node, 'default-deny-all') ? 'deny' : this.#defaultAction;
      default:
        return defaultDenyOf(node).write ? 'deny' : this.#defaultAction;
    }
  }
}

/** A position in the tree with the progress of every rule's path (see the module comment). */
export class Scope {
  readonly table: ScopeTable;
  readonly node: ScopeNode;
  readonly states: Int32Array;
  readonly key: string;
  /** True when some rule waits for this position's entry keys or value. */
  readonly waiting: boolean;
  readonly #children = new Map<SchemaNode, Scope>();
  /** The resolved scopes of a waiting one, by the bit mask of the waiting rules that matched. */
  readonly #resolved = new Map<number, Scope>();
  #waiting: readonly number[] | undefined;
  #steps: readonly RulePathStep[] | undefined;
  /** Per waiting rule, the key values its step wants of an entry here (undefined: any entry). */
  #wanted: readonly (readonly (YangValue | undefined)[] | undefined)[] | undefined;
  #self: NacmAction | undefined;
  /** Caches of what other modules compute from the scope (read access, subtree verdicts). */
  readonly memo = new Map<string, unknown>();

  constructor(table: ScopeTable, node: ScopeNode, states: Int32Array, key: string) {
    this.table = table;
    this.node = node;
    this.states = states;
    this.key = key;
    this.waiting = states.some((state) => state >= 0 && state % 2 === 1);
  }

  /** The scope of child `node` (for a list or leaf-list: before its entry is known). */
  child(node: SchemaNode): Scope {
    let scope = this.#children.get(node);
    if (scope === undefined) {
      const { rules } = this.table;
      const states = new Int32Array(this.states.length);
      for (let index = 0; index < states.length; index++) {
        const state = this.states[index] as number;
        const path = pathOf(rules[index] as CompiledRule);
        if (state < 0 || path === undefined) {
          states[index] = state;
          continue;
        }
        const stepIndex = state >> 1;
        const step = path[stepIndex] as RulePathStep;
        if (state % 2 === 1) {
          // An entry never resolved (callers resolve every entry first): err on the side of denial.
          states[index] = (rules[index] as CompiledRule).action === 'deny' ? MATCHED : DEAD;
          continue;
        }
        states[index] = !accepts(step, node) ? DEAD : waitsAt(step, node) ? state + 1 : after(path, stepIndex);
      }
      scope = this.table.intern(node, states);
      this.#children.set(node, scope);
    }
    return scope;
  }

  /**
   * The scope this waiting one resolves to when the rules waiting here match as `matches`
   * says (by the position among the waiting rules).
   */
  #resolve(matches: (step: RulePathStep, bit: number) => boolean): Scope {
    if (!this.waiting) return this;
    const steps = this.#waitingSteps();
    if (steps.length > MAX_MASK_BITS) return this.#resolveStates((bit) => matches(steps[bit] as RulePathStep, bit));
    let mask = 0;
    for (let bit = 0; bit < steps.length; bit++) if (matches(steps[bit] as RulePathStep, bit)) mask |= 1 << bit;
    return this.#resolveMask(mask);
  }

  /**
   * The resolved scope of the outcome `mask` (bit n: the n-th waiting rule matched). Each
   * outcome is interned once and then found by its mask, so resolving an entry allocates nothing.
   */
  #resolveMask(mask: number): Scope {
    let resolved = this.#resolved.get(mask);
    if (resolved === undefined) {
      resolved = this.#resolveStates((bit) => (mask & (1 << bit)) !== 0);
      this.#resolved.set(mask, resolved);
    }
    return resolved;
  }

  #resolveStates(matched: (bit: number) => boolean): Scope {
    const { rules } = this.table;
    const waiting = this.#waitingRules();
    const states = new Int32Array(this.states);
    for (let bit = 0; bit < waiting.length; bit++) {
      const index = waiting[bit] as number;
      const stepIndex = (states[index] as number) >> 1;
      states[index] = matched(bit) ? after(pathOf(rules[index] as CompiledRule) as RulePath, stepIndex) : DEAD;
    }
    return this.table.intern(this.node, states);
  }

  /** The indexes of the rules waiting here for an entry's keys or a value. */
  #waitingRules(): readonly number[] {
    if (this.#waiting === undefined) {
      const waiting: number[] = [];
      this.states.forEach((state, index) => {
        if (state >= 0 && state % 2 === 1) waiting.push(index);
      });
      this.#waiting = waiting;
    }
    return this.#waiting;
  }

  /** The path steps the waiting rules wait at, in the order of {@link #waitingRules}. */
  #waitingSteps(): readonly RulePathStep[] {
    this.#steps ??= this.#waitingRules().map((index) => {
      const path = pathOf(this.table.rules[index] as CompiledRule) as RulePath;
      return path[(this.states[index] as number) >> 1] as RulePathStep;
    });
    return this.#steps;
  }

  /**
   * The scope of the entry with `keys` of this list scope: the values of its keys in the
   * order of the list's keys (more values after them are ignored, so an entry's slots will do).
   */
  entry(keys: readonly YangValue[]): Scope {
    if (!this.waiting) return this;
    const mask = this.entryMask(keys);
    if (mask !== undefined) return this.#resolveMask(mask);
    const wanted = this.#wantedKeys();
    return this.#resolve((_, bit) => keysMatch(wanted[bit], keys));
  }

  /**
   * For a list scope: which of the rules waiting here the entry with `keys` matches, as a bit
   * mask (0 when none waits); undefined when more rules wait than a mask holds. Entries with the
   * same mask have the same scope ({@link entryByMask}).
   */
  entryMask(keys: readonly YangValue[]): number | undefined {
    if (!this.waiting) return 0;
    const wanted = this.#wantedKeys();
    if (wanted.length > MAX_MASK_BITS) return undefined;
    let mask = 0;
    for (let bit = 0; bit < wanted.length; bit++) if (keysMatch(wanted[bit], keys)) mask |= 1 << bit;
    return mask;
  }

  /** The scope of the entries whose {@link entryMask} is `mask`. */
  entryByMask(mask: number): Scope {
    return this.waiting ? this.#resolveMask(mask) : this;
  }

  #wantedKeys(): readonly (readonly (YangValue | undefined)[] | undefined)[] {
    const list = this.node as ListNode;
    this.#wanted ??= this.#waitingSteps().map((step) => step.keys.get(list));
    return this.#wanted;
  }

  /** The scope of the value `value` of this leaf-list scope. */
  value(value: YangValue): Scope {
    const leafList = this.node as LeafListNode;
    return this.#resolve((step) => {
      const wanted = step.values.get(leafList);
      return wanted === undefined || yangValuesEqual(wanted, value);
    });
  }

  /**
   * The decision for this node itself: the first rule in order that matches it (its path
   * followed to the end here or above, its module the node's), else the default. Call it on
   * resolved scopes only (entries, values). @see RFC 8341 §3.4.5 steps 5–13
   */
  self(): NacmAction {
    if (this.#self === undefined) {
      const { rules } = this.table;
      const module = 'kind' in this.node ? this.node.module : undefined;
      let decided: NacmAction | undefined;
      for (let index = 0; index < rules.length && decided === undefined; index++) {
        const rule = rules[index] as CompiledRule;
        if (this.states[index] !== MATCHED) continue;
        if (module === undefined ? rule.module === undefined : ruleCovers(rule, this.table.operation, module))
          decided = rule.action;
      }
      this.#self = decided ?? this.table.defaultFor(this.node);
    }
    return this.#self;
  }
}
