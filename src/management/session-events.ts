/**
 * @module management/session-events
 * `netconf-session-start` and `netconf-session-end` for the one kind of long-lived session a
 * stateless RESTCONF server has: an event stream subscription. The session-id is the
 * subscription's number (unique while the server runs); source-host is the client's address.
 * They go to the `sessions` stream only, live: a server with a thousand subscribers reconnecting
 * would otherwise send each of them a thousand of these on the NETCONF stream.
 * @see RFC 6470 §2.3 (netconf-session-start), §2.4 (netconf-session-end)
 */
import { isIP } from 'node:net';
import type { AccessDecisions } from '../nacm/index.ts';
import type { NotificationNode, SchemaTree } from '../yang/index.ts';
import type { StreamEvent } from './stream-event.ts';
import { findNotification, makeStreamEvent } from './stream-event.ts';

/** Who a session is. */
export interface SessionFacts {
  readonly username: string;
  /** The subscription's number, at least 1. */
  readonly sessionId: number;
  /** The client's address, when it is an IP address. */
  readonly sourceHost?: string;
}

/** Why a session ended (the `termination-reason` enumeration of RFC 6470). */
export type SessionTermination = 'closed' | 'dropped' | 'timeout' | 'other';

const SESSION_START = 'ietf-netconf-notifications:netconf-session-start';
const SESSION_END = 'ietf-netconf-notifications:netconf-session-end';

const sessionJson = (facts: SessionFacts): Record<string, unknown> => ({
  username: facts.username,
  'session-id': facts.sessionId,
  ...(facts.sourceHost !== undefined && isIP(facts.sourceHost) !== 0 ? { 'source-host': facts.sourceHost } : {}),
});

/** Builds the session events of one schema (none when it lacks ietf-netconf-notifications). */
export class SessionEvents {
  readonly #schema: SchemaTree;
  readonly #start: NotificationNode | undefined;
  readonly #end: NotificationNode | undefined;

  constructor(schema: SchemaTree) {
    this.#schema = schema;
    this.#start = findNotification(schema, SESSION_START);
    this.#end = findNotification(schema, SESSION_END);
  }

  /** `netconf-session-start` of `facts`, now. */
  started(facts: SessionFacts, now: Date): StreamEvent | undefined {
    return this.#start === undefined
      ? undefined
      : makeStreamEvent(this.#schema, this.#start, sessionJson(facts), { eventTime: now.toISOString() });
  }

  /** `netconf-session-end` of `facts`, now. */
  ended(facts: SessionFacts, reason: SessionTermination, now: Date): StreamEvent | undefined {
    return this.#end === undefined
      ? undefined
      : makeStreamEvent(
          this.#schema,
          this.#end,
          { ...sessionJson(facts), 'termination-reason': reason },
          { eventTime: now.toISOString() },
        );
  }

  /** Whether `decisions` let its reader receive `event`. @see RFC 8341 §3.4.6 */
  static mayReceive(decisions: AccessDecisions, event: StreamEvent): boolean {
    return decisions.permitsAll || decisions.mayReceive(event.notification);
  }
}
