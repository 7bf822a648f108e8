/**
 * @module server/identity/credential-manager-binding
 * Keeps the credential manager of admin logins in step with the configuration: a commit that
 * changes it (the reference, the manager, its data source or a trusted certificate) is checked
 * first (a url that names no database, a query without `:username`, a user filter without
 * `{username}` are refused with 400), and the next login after the commit uses a back-end built
 * from the new configuration; the old one's connections are closed. No restart is needed.
 */
import type {
  ActiveCredentialManager,
  CredentialCheck,
  CredentialManager,
  CredentialManagerSource,
} from '../auth/index.ts';
import { createCredentialManager, dataSourceProblems } from '../auth/index.ts';
import type { DataSchemaNode, DataTree } from '../data/index.ts';
import { getChild, isDataSchemaNode } from '../data/index.ts';
import type { Datastore, PendingCommit } from '../datastore/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import type { CredentialManagerSetting } from './credential-manager-config-reader.ts';
import { readCredentialManagerSetting } from './credential-manager-config-reader.ts';

/** The top-level containers the setting is read from. */
const SOURCES = ['environments', 'processing', 'facilities'] as const;

/** A back-end that cannot be built: every check is `unavailable` with the reason. */
const unusableManager = (dataSource: string, reason: string): CredentialManager => ({
  dataSource,
  verify: async (): Promise<CredentialCheck> => ({ outcome: 'unavailable', reason }),
  close: async () => {},
});

/** Options of {@link CredentialManagerBinding}. */
export interface CredentialManagerBindingOptions {
  readonly datastore: Datastore;
  readonly cipher: ConfigCipher;
  readonly log: Logger;
}

/** The configured credential manager of the running configuration, rebuilt when a commit changes it. */
export class CredentialManagerBinding implements CredentialManagerSource {
  readonly #datastore: Datastore;
  readonly #cipher: ConfigCipher;
  readonly #log: Logger;
  readonly #sources: readonly DataSchemaNode[];
  /** The top-level nodes the current setting was read from (compared by identity: trees are persistent). */
  #readFrom: readonly unknown[] = [];
  #fingerprint: string | undefined;
  #active: ActiveCredentialManager | undefined;
  #generation = 0;

  constructor(options: CredentialManagerBindingOptions) {
    this.#datastore = options.datastore;
    this.#cipher = options.cipher;
    this.#log = options.log;
    this.#sources = options.datastore.schema.children.filter(
      (node): node is DataSchemaNode =>
        isDataSchemaNode(node) && node.module === 'base' && (SOURCES as readonly string[]).includes(node.name),
    );
    options.datastore.addCommitHook((pending) => this.#check(pending));
  }

  current(): { readonly active: ActiveCredentialManager | undefined; readonly generation: number } {
    const root = this.#datastore.snapshot.root;
    const parts = this.#partsOf(root);
    if (!parts.every((part, index) => part === this.#readFrom[index])) {
      this.#readFrom = parts;
      this.#apply(readCredentialManagerSetting(root, this.#cipher));
    }
    return { active: this.#active, generation: this.#generation };
  }

  /** Closes the current back-end's connections (server shutdown). */
  async close(): Promise<void> {
    const active = this.#active;
    this.#active = undefined;
    await active?.manager.close();
  }

  #partsOf(root: DataTree): unknown[] {
    return this.#sources.map((schema) => getChild(root, schema));
  }

  #apply(setting: CredentialManagerSetting): void {
    if (setting.fingerprint === this.#fingerprint) return;
    this.#fingerprint = setting.fingerprint;
    const previous = this.#active;
    this.#generation++;
    if (setting.kind === 'none') this.#active = undefined;
    else if (setting.kind === 'unusable') {
      this.#active = { id: setting.id, manager: unusableManager(setting.dataSource, setting.problem) };
      this.#log.warn(
        { credentialManager: setting.id, dataSource: setting.dataSource, problem: setting.problem },
        'the credential manager of admin logins cannot be used; its users cannot log in (local accounts can)',
      );
    } else {
      const { config } = setting;
      let manager: CredentialManager;
      try {
        manager = createCredentialManager(config, this.#log);
      } catch (error) {
        manager = unusableManager(config.dataSource.id, (error as Error).message);
      }
      this.#active = { id: config.id, manager };
      this.#log.info(
        { credentialManager: config.id, dataSource: config.dataSource.id, kind: config.dataSource.kind },
        'admin logins now use this credential manager for user names that are not local accounts',
      );
    }
    if (setting.kind === 'none' && previous !== undefined)
      this.#log.info({}, 'admin logins now use the local accounts only');
    void previous?.manager.close().catch(() => {
      this.#log.warn(
        { dataSource: previous.manager.dataSource },
        'closing the previous data source connections failed',
      );
    });
  }

  /** Refuses a commit whose credential manager configuration cannot work. */
  #check(pending: PendingCommit): void {
    const before = this.#partsOf(pending.before);
    const after = this.#partsOf(pending.after);
    if (after.every((part, index) => part === before[index])) return;
    const setting = readCredentialManagerSetting(pending.after, this.#cipher);
    if (setting.kind !== 'config') return;
    const source = setting.config.dataSource;
    const problem = dataSourceProblems(source)[0];
    if (problem === undefined) return;
    throw new InvalidValueError(
      `data source ${source.id}, used by credential manager ${setting.config.id}: ${problem.message}`,
      { path: `/base:facilities/data-sources/data-source[id='${source.id}']/${source.kind}/${problem.leaf}` },
    );
  }
}
