/**
 * @module management/control-events
 * The events that tell a subscriber where its subscription stands (idconf-notifications):
 * `replay-completed` after the stored events it asked for, and `subscription-terminated`, its
 * last event, with the reason. They carry no id, are never replayed and are not subject to
 * access control, as RFC 8341 §3.4.6 treats replayComplete and notificationComplete.
 * @see RFC 5277 §2.1.1 (replayComplete, notificationComplete)
 */
import type { SchemaTree } from '../yang/index.ts';
import type { StreamEvent } from './stream-event.ts';
import { findNotification, makeStreamEvent } from './stream-event.ts';

/** Why the server ends a subscription (the `reason` of `subscription-terminated`). */
export type TerminationReason = 'stop-time' | 'slow-consumer' | 'server-shutdown' | 'credentials-expired';

/** What each reason means, for people (the `message`). */
export const TERMINATION_MESSAGES: Readonly<Record<TerminationReason, string>> = {
  'stop-time': 'the stop-time of the subscription has passed: every event it asked for has been sent',
  'slow-consumer':
    'the subscriber read too slowly and too many events waited for it; reconnect with Last-Event-ID to resume without a gap',
  'server-shutdown': 'the server is stopping; reconnect with Last-Event-ID once it is back',
  'credentials-expired':
    'the credentials the subscription was opened with (an OAuth bearer token) have expired; reconnect with a new token and Last-Event-ID to resume without a gap',
};

const REPLAY_COMPLETED = 'idconf-notifications:replay-completed';
const SUBSCRIPTION_TERMINATED = 'idconf-notifications:subscription-terminated';

/** Builds the control events of one schema (none when it lacks idconf-notifications). */
export class ControlEvents {
  readonly #schema: SchemaTree;

  constructor(schema: SchemaTree) {
    this.#schema = schema;
  }

  /** `replay-completed`, now. */
  replayCompleted(now: Date): StreamEvent | undefined {
    const notification = findNotification(this.#schema, REPLAY_COMPLETED);
    return notification === undefined
      ? undefined
      : makeStreamEvent(this.#schema, notification, {}, { eventTime: now.toISOString() });
  }

  /** `subscription-terminated` for `reason`, now: a final event. */
  terminated(reason: TerminationReason, now: Date): StreamEvent | undefined {
    const notification = findNotification(this.#schema, SUBSCRIPTION_TERMINATED);
    return notification === undefined
      ? undefined
      : makeStreamEvent(
          this.#schema,
          notification,
          { reason, message: TERMINATION_MESSAGES[reason] },
          { eventTime: now.toISOString(), final: true },
        );
  }
}
