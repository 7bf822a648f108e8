/**
 * @module management/commit-item
 * One commit on its way to subscribers: shared by all of them, it builds the commit's event
 * once per access view (subscribers with the same access decisions share one event object).
 */
import type { DataDiff } from '../data/index.ts';
import type { CommitRecord } from '../datastore/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import type { NotificationNode } from '../yang/index.ts';
import type { ConfigChangeEvents } from './config-change-event.ts';
import type { StreamEvent } from './stream-event.ts';

/** A commit and its events, per access view. */
export class CommitItem {
  readonly record: CommitRecord;
  readonly diff: DataDiff;
  readonly #events: ConfigChangeEvents;
  /** The event per access view; null where the view shows nothing. */
  readonly #views = new Map<AccessDecisions, StreamEvent | null>();

  constructor(record: CommitRecord, diff: DataDiff, events: ConfigChangeEvents) {
    this.record = record;
    this.diff = diff;
    this.#events = events;
  }

  get fixedNumber(): number {
    return this.record.fixedNumber;
  }

  /** The notification its events are. */
  get notification(): NotificationNode | undefined {
    return this.#events.notification;
  }

  /** The commit's event as `decisions` let its reader see it; undefined when they see nothing of it. */
  eventFor(decisions: AccessDecisions): StreamEvent | undefined {
    let event = this.#views.get(decisions);
    if (event === undefined) {
      event = this.#events.eventFor(this.record, this.diff, decisions) ?? null;
      this.#views.set(decisions, event);
    }
    return event ?? undefined;
  }
}
