/**
 * @module nacm/access-rules
 * The access decisions of one set of groups under one NACM configuration: the rules of the
 * rule-lists that name one of the groups, in order, matched as RFC 8341 §3.4 says, with a scope
 * table per access operation so that each decision about a schema position is made once.
 * @see RFC 8341 §3.4.4 (RPCs), §3.4.5 (data nodes), §3.4.6 (notifications)
 */
import type { AccessScope, DataDiff, InstancePath } from '../data/index.ts';
import type { NotificationNode, OperationNode, SchemaNode, SchemaTree } from '../yang/index.ts';
import type { AccessDecisions, DeniedWrite } from './access-decisions.ts';
import type { AccessOperation, WriteOperation } from './access-operation.ts';
import { isEveryOperation } from './access-operation.ts';
import type { CompiledRule } from './compiled-rule.ts';
import { isDataRule, ruleCovers } from './compiled-rule.ts';
import { hasNacmExtension } from './default-deny.ts';
import type { NacmAction, NacmConfig } from './nacm-config.ts';
import type { Scope } from './rule-scope.ts';
import { ScopeTable } from './rule-scope.ts';
import { entryAccess, memberAccess } from './scope-access.ts';
import { findDeniedWrite } from './write-check.ts';

/** The datastore's access when nothing of it may be read: shown as an empty datastore. */
const NOTHING_VISIBLE: AccessScope = Object.freeze({
  child: () => undefined,
  entry: () => undefined,
  values: () => [],
  structural: true,
});

/** The access decisions of one set of groups. */
export class AccessRules implements AccessDecisions {
  readonly permitsAll: boolean;
  readonly #schema: SchemaTree;
  readonly #config: NacmConfig;
  /** The rules of the matching rule-lists, in order. */
  readonly #rules: readonly CompiledRule[];
  readonly #tables = new Map<AccessOperation, ScopeTable>();

  constructor(schema: SchemaTree, config: NacmConfig, rules: readonly CompiledRule[]) {
    this.#schema = schema;
    this.#config = config;
    this.#rules = rules;
    const first = rules[0];
    this.permitsAll =
      first !== undefined &&
      first.action === 'permit' &&
      first.module === undefined &&
      first.target.kind === 'any' &&
      isEveryOperation(first.operations);
  }

  #defaultOf(operation: AccessOperation): NacmAction {
    switch (operation) {
      case 'read':
        return this.#config.readDefault;
      case 'exec':
        return this.#config.execDefault;
      default:
        return this.#config.writeDefault;
    }
  }

  /** The scope table of one access operation (built on first use). */
  table(operation: AccessOperation): ScopeTable {
    let table = this.#tables.get(operation);
    if (table === undefined) {
      const rules = this.#rules.filter((rule) => isDataRule(rule) && rule.operations.has(operation));
      table = new ScopeTable(this.#schema, operation, rules, this.#defaultOf(operation));
      this.#tables.set(operation, table);
    }
    return table;
  }

  /** The resolved scope of the node at `path` (entries and values resolved by their keys). */
  scopeAt(operation: AccessOperation, path: InstancePath): Scope {
    let scope = this.table(operation).root;
    for (const step of path) {
      scope = scope.child(step.schema);
      if (step.keys !== undefined) scope = scope.entry(step.keys);
      else if (step.value !== undefined) scope = scope.value(step.value);
    }
    return scope;
  }

  readAccess(path: InstancePath): AccessScope | undefined {
    const last = path.at(-1);
    if (last === undefined) return memberAccess(this.table('read').root) ?? NOTHING_VISIBLE;
    const scope = this.scopeAt('read', path.slice(0, -1)).child(last.schema);
    if (last.keys !== undefined) return entryAccess(scope.entry(last.keys));
    if (last.value !== undefined) return scope.value(last.value).self() === 'permit' ? true : undefined;
    return memberAccess(scope);
  }

  mayRead(path: InstancePath): boolean {
    const last = path.at(-1);
    if (last === undefined) return true;
    if (
      (last.schema.kind === 'list' && last.keys === undefined) ||
      (last.schema.kind === 'leaf-list' && last.value === undefined)
    )
      return this.readAccess(path) !== undefined;
    return this.scopeAt('read', path).self() === 'permit';
  }

  mayWrite(operation: WriteOperation, path: InstancePath): boolean {
    return this.scopeAt(operation, path).self() === 'permit';
  }

  deniedWrite(diff: DataDiff): DeniedWrite | undefined {
    return findDeniedWrite((operation: WriteOperation, path) => this.scopeAt(operation, path), diff);
  }

  mayInvoke(operation: OperationNode, parentPath: InstancePath): boolean {
    if (operation.kind === 'rpc') return this.#rpcAction(operation) === 'permit';
    // An action needs read access to every node on its instance's path. @see RFC 8341 §3.4
    for (let length = 1; length <= parentPath.length; length++)
      if (!this.mayRead(parentPath.slice(0, length))) return false;
    return this.scopeAt('exec', parentPath).child(operation).self() === 'permit';
  }

  /** Incoming RPC validation. @see RFC 8341 §3.4.4 steps 6–12 */
  #rpcAction(rpc: OperationNode): NacmAction {
    for (const rule of this.#rules) {
      if (!ruleCovers(rule, 'exec', rpc.module)) continue;
      const { target } = rule;
      if (target.kind === 'any' || (target.kind === 'protocol-operation' && (target.name ?? rpc.name) === rpc.name))
        return rule.action;
    }
    return hasNacmExtension(rpc, 'default-deny-all') ? 'deny' : this.#config.execDefault;
  }

  /** The scope of the last of `nodes` (no entry resolved on the way) for `operation`. */
  #schemaScope(operation: AccessOperation, nodes: readonly SchemaNode[]): Scope {
    let scope = this.table(operation).root;
    for (const node of nodes) scope = scope.child(node);
    return scope;
  }

  schemaAccess(path: readonly SchemaNode[]): string {
    const last = path.at(-1);
    if (last === undefined) return 'crudx';
    if (last.kind === 'rpc') return this.#rpcAction(last) === 'permit' ? 'x' : '';
    const permits = (operation: AccessOperation): boolean => {
      const scope = this.#schemaScope(operation, path);
      // A rule waits for this list entry's keys: it may permit some entries.
      return scope.waiting || scope.self() === 'permit';
    };
    if (last.kind === 'action') {
      const parents = path.slice(0, -1);
      const readable = parents.every((_, index) =>
        memberAccess(this.#schemaScope('read', parents.slice(0, index + 1))),
      );
      return readable && permits('exec') ? 'x' : '';
    }
    let letters = '';
    if (permits('create')) letters += 'c';
    if (memberAccess(this.#schemaScope('read', path)) !== undefined) letters += 'r';
    if (permits('update')) letters += 'u';
    if (permits('delete')) letters += 'd';
    return letters;
  }

  mayReceive(notification: NotificationNode): boolean {
    for (const rule of this.#rules) {
      if (!ruleCovers(rule, 'read', notification.module)) continue;
      const { target } = rule;
      if (
        target.kind === 'any' ||
        (target.kind === 'notification' && (target.name ?? notification.name) === notification.name)
      )
        return rule.action === 'permit';
    }
    if (hasNacmExtension(notification, 'default-deny-all')) return false;
    return this.#config.readDefault === 'permit';
  }
}
