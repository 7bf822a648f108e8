/**
 * @module management/management-service
 * The protocol-neutral management layer: the only place the front-ends reach the datastore.
 * Per session it reads (configuration merged with the operational state of the providers the
 * read addresses), writes (one validated, attributed commit per request) and invokes RPCs and
 * actions through the operation framework. Every read target, every write's diff and every
 * invocation passes the AccessControl, the seam NACM plugs into.
 * @see DESIGN §2.2, §3; RFC 8040 §3.5, §3.6; RFC 8341 §3.4
 */
import type {
  AccessScope,
  ContentFilter,
  DataDiff,
  DataEdit,
  DataSchemaNode,
  DataTree,
  InstancePath,
  OperationData,
  Slot,
} from '../data/index.ts';
import {
  applyEdits,
  decodeJson,
  formatInstancePath,
  getChild,
  hasVisibleContent,
  instanceExists,
  isEmptyInstance,
  isInstanceNode,
  resolveInstancePath,
  setChild,
} from '../data/index.ts';
import type { CommitAttribution, CommitOutcome, Datastore, NodeVersion, PendingCommit } from '../datastore/index.ts';
import { fixedNumberOfRollbackId, readRollbackFile } from '../datastore/index.ts';
import {
  AccessDeniedError,
  DataMissingError,
  isManagementError,
  ManagementErrors,
  OperationFailedError,
  OperationNotSupportedError,
  throwIfAny,
} from '../errors/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { NacmCounters, nacmConfigOf, nacmNodeOf, readableDiff, rulePathProblems } from '../nacm/index.ts';
import type { CompactSchema, LoadedModule, OperationNode, SchemaTree } from '../yang/index.ts';
import { compactSchema, moduleSetContentId } from '../yang/index.ts';
import type { AccessControl } from './access-control.ts';
import { nacmAccessControl } from './access-control.ts';
import type { EventStreamsOptions } from './event-streams.ts';
import { EventStreams } from './event-streams.ts';
import { hiddenDataDenied, hideHiddenData, isVisible } from './hidden-data.ts';
import type { LeafTransform } from './leaf-transforms.ts';
import { LeafTransforms } from './leaf-transforms.ts';
import type { SourceEntry } from './module-source-access.ts';
import { announcingPaths } from './module-source-access.ts';
import { nacmStateProviders } from './nacm-state-provider.ts';
import type { NestedStateProvider } from './nested-state.ts';
import { NestedStateProviders } from './nested-state.ts';
import { checkOperationData } from './operation-data-check.ts';
import type { EditChange, EditContext, EditResult, OperationHandler, OperationOutput } from './operation-handler.ts';
import { isInstanceData } from './operation-handler.ts';
import { operationPathText, resolveOperation } from './operation-path.ts';
import { rollbackFilesProvider } from './rollback-files-provider.ts';
import type { DataPathParser } from './rollback-operations.ts';
import {
  APPLY_ROLLBACK_FILE,
  applyRollbackFileHandler,
  GET_ROLLBACK_FILE,
  getRollbackFileHandler,
} from './rollback-operations.ts';
import type { CommitNote, Session } from './session.ts';
import { attributionOf } from './session.ts';
import type { StateProvider } from './state-provider.ts';
import { StateProviders } from './state-provider.ts';
import { unchangedAt } from './unchanged-at.ts';
import type { ViewVersion } from './view-version.ts';
import { ViewVersions } from './view-version.ts';
import type { SchemaLocation } from './yang-library-provider.ts';
import { yangLibraryProviders } from './yang-library-provider.ts';

/** The version of a resource the user may not read at all: the same whatever happened to it. */
const HIDDEN_VERSION: ViewVersion = Object.freeze({
  fixedNumber: 0,
  timestamp: new Date(0).toISOString(),
  tag: 'hidden',
});

/** Options of {@link ManagementService.create}. */
export interface ManagementServiceOptions {
  readonly datastore: Datastore;
  /** The loaded modules, for the YANG library and module downloads (none when omitted). */
  readonly modules?: readonly LoadedModule[];
  /** Where module sources are served, for the YANG library. */
  readonly schemaLocation?: SchemaLocation;
  /**
   * Access decisions: NACM as configured in the running datastore when omitted (everything is
   * permitted when the schema does not implement ietf-netconf-acm).
   */
  readonly accessControl?: AccessControl;
  /** Reads the `path` input of `apply-rollback-file` (a RESTCONF data path). */
  readonly dataPathParser?: DataPathParser;
  /** Limits of the event streams (per-subscriber queue, recent commits kept). */
  readonly eventStreams?: EventStreamsOptions;
}

/** Options of {@link ManagementService.read}. */
export interface ManagementReadOptions {
  /** `config` skips the state providers. @see RFC 8040 §4.8.1 */
  readonly content?: ContentFilter;
}

/** What a read found. */
export interface ReadResult {
  /** The tree read: the configuration with the provided state the read addressed. */
  readonly root: DataTree;
  /** The instance at the path (the root itself for the datastore); undefined when absent. */
  readonly value: Slot;
  /**
   * The version of the resource, for ETag and Last-Modified: set for the datastore and
   * configuration resources, undefined for state data. The commit that last changed it, or, for
   * a view NACM filtered, a version of what the user sees (see view-version.ts).
   * @see RFC 8040 §3.4.1.2–3.4.1.3
   */
  readonly version: NodeVersion | ViewVersion | undefined;
  /**
   * What the user may see of the value (the encoders' `access` read option): `true` for all of
   * it. @see RFC 8341 §3.4.5
   */
  readonly access: AccessScope;
}

/** What {@link ManagementService.readStored} found: the configuration at a path, all of it readable. */
export interface StoredRead {
  /** The instance at the path (never undefined: an absent one is left to `read`). */
  readonly value: Exclude<Slot, undefined>;
  /** The commit that last changed it (ETag and Last-Modified). */
  readonly version: NodeVersion;
}

/** What an invocation came to. */
export interface InvokeResult {
  /** The output, checked against the schema; undefined when the operation has none. */
  readonly output: OperationData | undefined;
  /** The fixed number of the commit the operation made, if it made one. */
  readonly fixedNumber: number | undefined;
}

/** The management layer of one server. */
export class ManagementService {
  readonly datastore: Datastore;
  readonly schema: SchemaTree;
  readonly modules: readonly LoadedModule[];
  readonly #access: AccessControl;
  /** The NACM statistics of this server. @see RFC 8341 §3.5.2 */
  readonly nacmCounters = new NacmCounters();
  /** The event streams: every commit as a notification, to subscribers as NACM lets them see it. */
  readonly events: EventStreams;
  readonly #providers: StateProviders;
  readonly #nestedState: NestedStateProviders;
  readonly #leafTransforms = new LeafTransforms();
  readonly #viewVersions = new ViewVersions();
  readonly #operations = new Map<OperationNode, OperationHandler>();
  /** The session of each commit in flight, by the attribution object handed to the datastore. */
  readonly #sessions = new WeakMap<CommitAttribution, Session>();
  /** The compact schema as each set of access decisions sees it (decisions are cached per policy). */
  readonly #compactSchemas = new WeakMap<AccessDecisions, CompactSchema>();

  private constructor(options: ManagementServiceOptions) {
    this.datastore = options.datastore;
    this.schema = options.datastore.schema;
    this.modules = options.modules ?? [];
    this.#access = options.accessControl ?? nacmAccessControl(this.schema);
    this.#providers = new StateProviders(this.schema);
    this.#nestedState = new NestedStateProviders(this.schema);
    this.events = new EventStreams(options.datastore, (session) => this.decisionsFor(session), {
      ...options.eventStreams,
      onDenied: () => this.nacmCounters.countDeniedNotification(),
    });
    // The write check runs inside the commit, on its diff, before validation (a refused change
    // is refused, valid or not), whichever datastore function made it (edits, rollbacks).
    // Commits without a session are the server's own. @see RFC 8341 §3.4.5
    this.datastore.addCommitHook((pending) => this.#checkWrite(pending), { beforeValidation: true });
    const nacm = nacmNodeOf(this.schema);
    if (nacm !== undefined) {
      // A rule path that names nothing is refused when it is configured.
      this.datastore.addCommitHook((pending) => {
        const after = getChild(pending.after, nacm);
        if (after === undefined || after === getChild(pending.before, nacm)) return;
        throwIfAny(rulePathProblems(this.schema, nacm, nacmConfigOf(pending.after, nacm)), 'invalid NACM rule paths');
      });
    }
  }

  /** The access decisions of `session` under the configuration in `root` (the running one by default). */
  decisionsFor(session: Session, root: DataTree = this.datastore.snapshot.root): AccessDecisions {
    return this.#access.decisionsFor(session, root);
  }

  #checkWrite(pending: PendingCommit): void {
    const session = this.#sessions.get(pending.attribution);
    if (session === undefined) return;
    const decisions = this.#access.decisionsFor(session, pending.before);
    if (decisions.permitsAll) return;
    const denied = decisions.deniedWrite(pending.diff);
    if (denied === undefined) return;
    this.nacmCounters.countDeniedDataWrite();
    // Say what was refused only about a node the user may see: the refusal of a hidden one is
    // the same whether it is a create (the node did not exist) or a delete (it did).
    if (!isVisible(decisions, denied.path)) throw hiddenDataDenied(decisions, denied.path);
    throw new AccessDeniedError(`access denied: ${session.principal.user} may not ${denied.operation} this node`, {
      path: formatInstancePath(denied.path),
    });
  }

  /**
   * Refuses an edit that left a target the user may not read unchanged unless they may update
   * it: otherwise a write that changes nothing would succeed exactly when the hidden target
   * exists with the values sent, and so tell about it. @see RFC 8341 §3.4.5
   */
  #checkHiddenTargets(
    decisions: AccessDecisions,
    before: DataTree,
    after: DataTree,
    targets: Iterable<InstancePath>,
  ): void {
    for (const target of targets) {
      if (isVisible(decisions, target) || decisions.mayWrite('update', target)) continue;
      if (!unchangedAt(before, after, target)) continue;
      this.nacmCounters.countDeniedDataWrite();
      throw hiddenDataDenied(decisions, target);
    }
  }

  /**
   * A management layer over `options.datastore` with the standard providers (YANG library,
   * rollback files) and the rollback actions registered.
   */
  static create(options: ManagementServiceOptions): ManagementService {
    const service = new ManagementService(options);
    for (const provider of yangLibraryProviders(service.schema, service.modules, options.schemaLocation)) {
      service.registerProvider(provider);
    }
    service.registerProvider(rollbackFilesProvider(options.datastore));
    for (const provider of nacmStateProviders(service.schema, service.nacmCounters))
      service.registerNestedStateProvider(provider);
    if (service.schema.dataChildIndex.has('idconf-rollback:rollback-files')) {
      service.registerOperation(
        APPLY_ROLLBACK_FILE,
        applyRollbackFileHandler(options.datastore, options.dataPathParser),
      );
      service.registerOperation(GET_ROLLBACK_FILE, getRollbackFileHandler(options.datastore));
    }
    return service;
  }

  /** Adds the provider of a top-level state node (replacing an earlier one of that node). */
  registerProvider(provider: StateProvider): void {
    this.#providers.register(provider);
  }

  /** Adds the provider of a `config false` node nested in configuration (see nested-state.ts). */
  registerNestedStateProvider(provider: NestedStateProvider): void {
    this.#nestedState.register(provider);
  }

  /** Adds a transform of the values writes store in some leaves (see leaf-transforms.ts). */
  registerLeafTransform(transform: LeafTransform): void {
    this.#leafTransforms.register(transform);
  }

  /**
   * Binds `handler` to an RPC or action, given as its node or its schema path
   * (`/example-ops:reboot`, `/idconf-rollback:rollback-files/apply-rollback-file`).
   */
  registerOperation(operation: OperationNode | string, handler: OperationHandler): void {
    const node = typeof operation === 'string' ? resolveOperation(this.schema, operation) : operation;
    this.#operations.set(node, handler);
  }

  /** True when a handler is bound to `operation`. */
  hasOperation(operation: OperationNode): boolean {
    return this.#operations.has(operation);
  }

  /** The commit that last changed the resource at `path` in the running configuration. */
  versionOf(path: InstancePath): NodeVersion {
    return this.datastore.versionOf(path);
  }

  /**
   * The source text of a module or submodule by name and revision (undefined when not loaded),
   * if `session` may read a YANG library entry that announces it (its `location` or `schema`).
   * @throws AccessDeniedError (403) when the user may not read the entry an implemented module
   * of that name has, whether it exists or not (an import-only module or a submodule whose own
   * entry is hidden is undefined, like a missing one)
   */
  moduleSource(session: Session, name: string, revision: string | undefined): string | undefined {
    let found: { readonly text: string; readonly entry: SourceEntry } | undefined;
    for (const module of this.modules) {
      if (module.name === name && module.revision === revision)
        found = { text: module.text, entry: { kind: 'module', implemented: module.implemented } };
      const submodule = module.submodules.find((sub) => sub.name === name && sub.revision === revision);
      if (submodule !== undefined)
        found = { text: submodule.text, entry: { kind: 'submodule', of: module, ofImplemented: module.implemented } };
      if (found !== undefined) break;
    }
    const decisions = this.decisionsFor(session);
    if (decisions.permitsAll) return found?.text;
    const announced = (entry: SourceEntry): boolean =>
      announcingPaths(this.schema, { name, revision }, entry).some((path) => decisions.mayRead(path));
    if (found !== undefined && announced(found.entry)) return found.text;
    // Judged as an implemented module of that name would be, whether one exists or not.
    if (!announced({ kind: 'module', implemented: true }))
      throw new AccessDeniedError(
        `access denied: ${session.principal.user} may not read the YANG library entry of ${name}${revision === undefined ? '' : `@${revision}`}`,
      );
    return undefined;
  }

  /**
   * The compact schema (docs/compact-schema.md) as `session` may use it: each node annotated with
   * what NACM lets the user do with it, nodes they may read nothing of left out. As readable as
   * the YANG library it is derived from.
   * @throws AccessDeniedError when the user may not read the YANG library
   */
  compactSchema(session: Session): CompactSchema {
    if (!this.#mayReadLibrary(session))
      throw new AccessDeniedError(
        `access denied: ${session.principal.user} may not read the YANG library, from which the compact schema is derived`,
      );
    const decisions = this.decisionsFor(session);
    let compact = this.#compactSchemas.get(decisions);
    if (compact === undefined) {
      compact = compactSchema(this.schema, {
        contentId: moduleSetContentId(this.modules),
        ...(decisions.permitsAll ? {} : { accessOf: (path) => decisions.schemaAccess(path) }),
      });
      this.#compactSchemas.set(decisions, compact);
    }
    return compact;
  }

  /** Module sources are as readable as the YANG library entries that announce them. @see RFC 8525 §3 */
  #mayReadLibrary(session: Session): boolean {
    const decisions = this.decisionsFor(session);
    if (decisions.permitsAll) return true;
    const library = this.schema.dataChildIndex.get('ietf-yang-library:yang-library');
    const state = this.schema.dataChildIndex.get('ietf-yang-library:modules-state');
    return [library, state].some(
      (node) => node !== undefined && decisions.readAccess([{ schema: node as DataSchemaNode }]) !== undefined,
    );
  }

  /**
   * Reads the resource at `path`: configuration from the running datastore, state from the
   * providers of the top-level nodes the path addresses (all of them for the datastore). What
   * the user may not read is left out by the encoders (`access`); a target they may read
   * nothing of is refused. @see RFC 8341 §3.4.5, RFC 8040 §4.3
   * @throws AccessDeniedError (403) when the user may read nothing at `path`, whether it exists or not
   */
  async read(session: Session, path: InstancePath, options: ManagementReadOptions = {}): Promise<ReadResult> {
    const snapshot = this.datastore.snapshot;
    const decisions = this.decisionsFor(session, snapshot.root);
    const access = decisions.readAccess(path);
    if (access === undefined)
      throw new AccessDeniedError(`access denied: ${session.principal.user} may not read this resource`, {
        path: formatInstancePath(path),
      });
    const root = await this.#view(session, snapshot.root, path, options.content ?? 'all');
    let value = path.length === 0 ? root : resolveInstancePath(root, path);
    const target = path.at(-1)?.schema;
    // A node shown only around what the user may read is absent when nothing of it is visible.
    if (access !== true && target !== undefined && !hasVisibleContent(value, target, access)) value = undefined;
    const versioned =
      target === undefined || (target.config && !this.#providers.provides(path[0]?.schema as DataSchemaNode));
    const version = !versioned
      ? undefined
      : access === true
        ? this.datastore.versionOf(path, snapshot)
        : this.#viewVersions.versionOf(decisions, snapshot, path, access);
    return { root, value, version, access };
  }

  /**
   * The stored configuration instance at `path` with its version — what {@link read} returns for
   * it (`value`, `version`, `access` true) — when that is all there is to it: the instance exists,
   * it is configuration, no state provider adds to it or above it, and the user may read all of
   * it. Undefined whenever any of that does not hold, having done nothing: the caller then asks
   * `read`, which answers the other cases (403, 404, a view NACM filtered, state). For the fast
   * paths of GET of one list entry.
   */
  readStored(session: Session, path: InstancePath): StoredRead | undefined {
    const first = path[0]?.schema;
    const target = path.at(-1)?.schema;
    if (first === undefined || target === undefined || !target.config) return undefined;
    if (this.#providers.provides(first as DataSchemaNode) || this.#nestedState.touches(path)) return undefined;
    const snapshot = this.datastore.snapshot;
    const decisions = this.decisionsFor(session, snapshot.root);
    if (!decisions.permitsAll && decisions.readAccess(path) !== true) return undefined;
    const value = resolveInstancePath(snapshot.root, path);
    if (value === undefined) return undefined;
    // An inner node or entry is the deepest object on its path: its version is recorded on it.
    const version =
      isInstanceNode(value) && target.kind !== 'leaf-list'
        ? this.datastore.versionOfNode(value, snapshot)
        : this.datastore.versionOf(path, snapshot);
    return { value, version };
  }

  /**
   * One rollback file's content (by fixed number, or by its rolling `id`, 0 = newest) as
   * `session` may see it: the changes to data they may not read are left out. @see RFC 8341 §3.4.5
   */
  async rollbackFileContent(
    session: Session,
    file: { readonly fixedNumber: number } | { readonly id: number },
  ): Promise<DataDiff> {
    const fixedNumber = 'id' in file ? await fixedNumberOfRollbackId(this.datastore, file.id) : file.fixedNumber;
    const { diff } = await readRollbackFile(this.datastore, fixedNumber);
    return readableDiff(this.decisionsFor(session), diff);
  }

  /**
   * Makes one commit: `change` is a list of edits applied in order, or a function computing the
   * new tree. `targets` are the nodes the request names (the resource of a PUT, PATCH or
   * DELETE, the edits of a YANG Patch; the targets of `change`'s edits when it is a list): one
   * the user may not read is refused when the edit leaves it unchanged, unless they may update
   * it. Rejects with the ManagementError(s) that stopped it; then nothing changed.
   */
  async edit(
    session: Session,
    change: readonly DataEdit[] | EditChange,
    note: CommitNote = {},
    targets: Iterable<InstancePath> = typeof change === 'function' ? [] : change.map((edit) => edit.target),
  ): Promise<EditResult> {
    const compute: EditChange = typeof change === 'function' ? change : (root) => applyEdits(root, change);
    return this.#commit(session, note, (attribution) =>
      this.datastore.commit(async (root, snapshot) => {
        const decisions = this.decisionsFor(session, root);
        const after = await compute(root, {
          snapshot,
          // The version the user was given for the resource (a view's own for a filtered one).
          versionOf: (path) => {
            const access = decisions.permitsAll ? true : decisions.readAccess(path);
            if (access === true) return this.datastore.versionOf(path, snapshot);
            if (access === undefined) return HIDDEN_VERSION;
            return this.#viewVersions.versionOf(decisions, snapshot, path, access);
          },
          isHidden: (path) => !decisions.permitsAll && !isVisible(decisions, path),
        } satisfies EditContext);
        if (!decisions.permitsAll) this.#checkHiddenTargets(decisions, root, after, targets);
        return this.#leafTransforms.apply(root, after);
      }, attribution),
    );
  }

  /**
   * Invokes an RPC (empty `parentPath`) or the action of the instance at `parentPath`. The input is
   * checked first (mandatory nodes, choices, min/max-elements; the decoder has checked the rest),
   * then that the action's instance exists, then that a handler is bound: a request that could
   * never succeed says why before it learns that nothing implements the operation. The output is
   * checked before it is returned.
   * @throws DataMissingError (409) when the action's instance does not exist
   * @throws OperationNotSupportedError (501) when no handler is bound to the operation
   * @see RFC 8040 §3.6.3 (invalid input is an error of the request)
   */
  async invoke(
    session: Session,
    operation: OperationNode,
    parentPath: InstancePath,
    input: OperationData,
    note: CommitNote = {},
  ): Promise<InvokeResult> {
    const where = operationPathText(parentPath, operation);
    const decisions = this.decisionsFor(session);
    if (!decisions.permitsAll && !decisions.mayInvoke(operation, parentPath)) {
      this.nacmCounters.countDeniedOperation();
      throw new AccessDeniedError(
        `access denied: ${session.principal.user} may not invoke ${operation.kind} ${operation.name}`,
        {
          path: where,
        },
      );
    }
    try {
      return await this.#invoke(session, operation, parentPath, input, note, where);
    } catch (error) {
      throw hideHiddenData(this.schema, decisions, error);
    }
  }

  async #invoke(
    session: Session,
    operation: OperationNode,
    parentPath: InstancePath,
    input: OperationData,
    note: CommitNote,
    where: string,
  ): Promise<InvokeResult> {
    // The input is checked first, then the instance, then whether anything handles it. @see RFC 8040 §3.6
    throwIfAny(checkOperationData(input, where), "problems in the operation's input");
    if (operation.kind === 'action') await this.#checkInstanceExists(session, parentPath, where);
    const handler = this.#operations.get(operation);
    if (handler === undefined)
      throw new OperationNotSupportedError(`${operation.kind} ${operation.name} is not implemented by this server`, {
        path: where,
      });
    let fixedNumber: number | undefined;
    const record = (result: EditResult): EditResult => {
      if (result.fixedNumber !== undefined) fixedNumber = result.fixedNumber;
      return result;
    };
    const returned = await handler({
      session,
      operation,
      parentPath,
      input,
      commit: async (change) => record(await this.edit(session, change, note)),
      commitWith: async (run) => record(await this.#commit(session, note, run)),
      readable: (diff) => readableDiff(this.decisionsFor(session), diff),
      readAccess: (path) => this.decisionsFor(session).readAccess(path),
    });
    const output = this.#outputOf(operation, returned, where);
    return { output, fixedNumber };
  }

  async #commit(
    session: Session,
    note: CommitNote,
    run: (attribution: CommitAttribution) => Promise<CommitOutcome>,
  ): Promise<EditResult> {
    const attribution = attributionOf(session, note);
    this.#sessions.set(attribution, session);
    try {
      const outcome = await run(attribution);
      return { fixedNumber: outcome.fixedNumber, diff: outcome.diff };
    } catch (error) {
      throw hideHiddenData(this.schema, this.decisionsFor(session), error);
    }
  }

  /** `root` with the provided state the read of `path` needs. */
  async #view(session: Session, root: DataTree, path: InstancePath, content: ContentFilter): Promise<DataTree> {
    if (content === 'config') return root;
    const first = path[0]?.schema;
    if (first !== undefined) {
      if (!this.#providers.provides(first)) return this.#nestedState.decorate(root, path, session);
      return setChild(root, first, (await this.#providers.build(first, session)) as never);
    }
    let view = await this.#nestedState.decorate(root, path, session);
    for (const node of this.#providers.nodes()) {
      view = setChild(view, node, (await this.#providers.build(node, session)) as never);
    }
    return view;
  }

  /**
   * An action's instance must exist: every list entry and presence container on its path, else
   * `data-missing` (409), as for any other operation on absent data. @see RFC 7950 §7.15, RFC 8040 §7
   */
  async #checkInstanceExists(session: Session, path: InstancePath, where: string): Promise<void> {
    // Only list entries and presence containers can be missing; without them, do not build a view.
    const checkable = path.some(
      (step) => step.schema.kind === 'list' || (step.schema.kind === 'container' && step.schema.presence !== undefined),
    );
    if (!checkable) return;
    const view = await this.#view(session, this.datastore.snapshot.root, path, 'all');
    if (!instanceExists(view, path))
      throw new DataMissingError('the instance this action belongs to does not exist', { path: where });
  }

  #outputOf(operation: OperationNode, returned: OperationOutput, where: string): OperationData | undefined {
    if (returned === undefined) return undefined;
    let output: OperationData;
    try {
      output = isInstanceData(returned)
        ? returned
        : decodeJson(operation.output, returned, { schema: this.schema, qualifiedTop: false });
      throwIfAny(checkOperationData(output, where), "problems in the operation's output");
    } catch (error) {
      if (!isManagementError(error) && !(error instanceof ManagementErrors)) throw error;
      throw new OperationFailedError(
        `${operation.kind} ${operation.name} produced an invalid output: ${error.message}`,
        {
          path: where,
          cause: error,
        },
      );
    }
    return isEmptyInstance(output) ? undefined : output;
  }
}
