/**
 * @module management/config-change-event
 * One commit as an `ietf-netconf-notifications:netconf-config-change`, as one reader may see it:
 * who made it (the user, or the server itself for commits `via` system), the datastore
 * (running), one `edit` per change of the commit's diff with its target and operation, and
 * idconf's transaction facts (transaction id, via, label, comment). No values: only paths.
 * Changes to nodes the reader may not read are left out; a commit with no change left, or a
 * notification NACM does not let them receive, is not shown to them at all.
 * @see RFC 6470 §2.2 (netconf-config-change), RFC 8341 §3.4.6 (notifications), §3.4.5 (read access)
 */
import type { DataChange, DataDiff } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { CommitRecord } from '../datastore/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { readableDiff } from '../nacm/index.ts';
import type { NotificationNode, SchemaTree } from '../yang/index.ts';
import type { StreamEvent } from './stream-event.ts';
import { findNotification, makeStreamEvent } from './stream-event.ts';

/** `ietf-netconf-notifications:netconf-config-change`. @see RFC 6470 §2.2 */
export const CONFIG_CHANGE = 'ietf-netconf-notifications:netconf-config-change';
/** The module that adds idconf's transaction facts to it. */
const IDCONF_NOTIFICATIONS = 'idconf-notifications';

/**
 * The edit operation that stands for a change: a changed value is `replace`, an entry moved
 * within its ordered-by user list `merge` (a merge with `insert` is how NETCONF moves it).
 * @see RFC 6241 §7.2 (edit operations)
 */
const OPERATION: Readonly<Record<DataChange['kind'], string>> = {
  create: 'create',
  delete: 'delete',
  modify: 'replace',
  move: 'merge',
};

/** Builds the config-change events of commits for the readers of one schema. */
export class ConfigChangeEvents {
  readonly #schema: SchemaTree;
  readonly #notification: NotificationNode | undefined;
  readonly #withTransaction: boolean;

  constructor(schema: SchemaTree) {
    this.#schema = schema;
    this.#notification = findNotification(schema, CONFIG_CHANGE);
    this.#withTransaction = schema.modules.has(IDCONF_NOTIFICATIONS);
  }

  /** False when the schema does not implement ietf-netconf-notifications: there is nothing to send. */
  get available(): boolean {
    return this.#notification !== undefined;
  }

  /** `netconf-config-change`, when the schema implements it. */
  get notification(): NotificationNode | undefined {
    return this.#notification;
  }

  /**
   * The event of the commit `record` (with its decoded forward `diff`) as `decisions` let its
   * reader see it; undefined when they may see none of it.
   */
  eventFor(record: CommitRecord, diff: DataDiff, decisions: AccessDecisions): StreamEvent | undefined {
    const notification = this.#notification;
    if (notification === undefined) return undefined;
    if (!decisions.permitsAll && !decisions.mayReceive(notification)) return undefined;
    const visible = readableDiff(decisions, diff);
    if (visible.changes.length === 0) return undefined;
    const prefix = this.#withTransaction ? `${IDCONF_NOTIFICATIONS}:` : undefined;
    const json: Record<string, unknown> = {
      'changed-by': record.via === 'system' ? { server: [null] } : { username: record.user, 'session-id': 0 },
      datastore: 'running',
      edit: visible.changes.map((change) => ({
        target: formatInstancePath(change.path),
        operation: OPERATION[change.kind],
      })),
    };
    if (prefix !== undefined) {
      json[`${prefix}transaction-id`] = record.fixedNumber;
      json[`${prefix}via`] = record.via;
      if (record.label !== undefined) json[`${prefix}label`] = record.label;
      if (record.comment !== undefined) json[`${prefix}comment`] = record.comment;
    }
    return makeStreamEvent(this.#schema, notification, json, { id: record.fixedNumber, eventTime: record.timestamp });
  }
}
