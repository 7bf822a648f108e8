/**
 * @module management/event-streams
 * The event streams of one server and their subscriptions. `NETCONF` carries one
 * `netconf-config-change` per commit, replayable from the journal (its events' ids are the
 * transaction ids); `sessions` carries `netconf-session-start`/`-end` of the subscriptions, live
 * only. Each commit reaches the subscribers through one listener on the datastore's commit feed,
 * which queues one shared item per commit on every subscription; the recent items stay in
 * memory, so that a subscriber reconnecting after a short break is served without the journal.
 * @see RFC 8040 §6, §9.3 (streams); RFC 5277 §3.2.3 (the NETCONF stream); docs/events.md
 */
import { decodeDiff } from '../data/index.ts';
import type { Datastore } from '../datastore/index.ts';
import { firstCommitSince } from '../datastore/index.ts';
import {
  InvalidValueError,
  ReplayUnavailableError,
  ResourceDeniedError,
  ResourceNotFoundError,
  StoreUnavailableError,
  SubscriptionLimitError,
} from '../errors/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { CommitItem } from './commit-item.ts';
import { ConfigChangeEvents } from './config-change-event.ts';
import type { TerminationReason } from './control-events.ts';
import { ControlEvents } from './control-events.ts';
import type { EventFilter } from './event-filter.ts';
import { parseEventFilter } from './event-filter.ts';
import type { QueuedItem } from './event-subscription.ts';
import { EventSubscription } from './event-subscription.ts';
import type { Session } from './session.ts';
import type { SessionFacts, SessionTermination } from './session-events.ts';
import { SessionEvents } from './session-events.ts';
import type { StreamEvent } from './stream-event.ts';

/** The stream of configuration changes, RFC 5277's default stream name. */
export const NETCONF_STREAM = 'NETCONF';
/** The stream of subscription sessions starting and ending. */
export const SESSIONS_STREAM = 'sessions';

/** A stream as `restconf-state/streams` lists it. @see RFC 8040 §9.3 */
export interface StreamDescription {
  readonly name: string;
  readonly description: string;
  readonly replaySupport: boolean;
  /** When the stored history begins (the oldest commit the journal holds); with replay support only. */
  readonly replayLogCreationTime?: string;
}

/** What a subscriber asks for. Times are milliseconds since the epoch. @see RFC 8040 §4.8.4, §4.8.7, §4.8.8 */
export interface SubscriptionRequest {
  readonly stream: string;
  /** start-time: replay the stored events from then on. */
  readonly startTime?: number;
  /** stop-time: end once events after it would come (needs start-time). */
  readonly stopTime?: number;
  /** Last-Event-ID: resume after this event (wins over start-time). */
  readonly lastEventId?: number;
  /** filter: an XPath 1.0 expression over each notification. */
  readonly filter?: string;
  /** The client's address, reported in the session events. */
  readonly clientAddress?: string;
}

/** Options of {@link EventStreams}. */
export interface EventStreamsOptions {
  /** Live events that may wait for one subscriber before it is ended as too slow (default 1024). */
  readonly queueLimit?: number;
  /** Recent commits kept in memory for subscribers that reconnect (default 256). */
  readonly recentLimit?: number;
  /** … and at most this many characters of their diff text (default 8 MiB). */
  readonly recentTextLimit?: number;
  /** Subscriptions open at once on this server, all streams and users (default 5,000). */
  readonly maxSubscriptions?: number;
  /** Subscriptions open at once for one user (default 2,000). */
  readonly maxSubscriptionsPerUser?: number;
  /** The clock (tests). */
  readonly now?: () => Date;
  /** Called for each notification NACM withholds from a subscriber (`denied-notifications`). */
  readonly onDenied?: () => void;
}

interface StreamDefinition {
  readonly description: string;
  readonly replay: boolean;
}

const DEFAULT_QUEUE_LIMIT = 1024;
/** The default caps: each subscription holds a connection (about 65 KiB over TLS) and its queue. */
export const DEFAULT_MAX_SUBSCRIPTIONS = 5000;
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_USER = 2000;
const DEFAULT_RECENT_LIMIT = 256;
/** The most diff text the recent commits hold by default (a decoded diff is of the same order). */
const DEFAULT_RECENT_TEXT_LIMIT = 8 * 1024 * 1024;

const DEFINITIONS: Readonly<Record<string, StreamDefinition>> = {
  [NETCONF_STREAM]: {
    description: 'every commit to the running configuration, as ietf-netconf-notifications:netconf-config-change',
    replay: true,
  },
  [SESSIONS_STREAM]: {
    description: 'event stream subscriptions starting and ending (netconf-session-start, netconf-session-end)',
    replay: false,
  },
};

/** The streams of one server. */
export class EventStreams {
  readonly #datastore: Datastore;
  readonly #decisionsFor: (session: Session) => AccessDecisions;
  readonly #configChanges: ConfigChangeEvents;
  readonly #sessionEvents: SessionEvents;
  readonly #control: ControlEvents;
  readonly #now: () => Date;
  readonly #onDenied: () => void;
  readonly #queueLimit: number;
  readonly #recentLimit: number;
  readonly #recentTextLimit: number;
  readonly #maxSubscriptions: number;
  readonly #maxSubscriptionsPerUser: number;
  /** Open subscriptions per user name. */
  readonly #perUser = new Map<string, number>();
  /** The streams this schema can fill, by name. */
  readonly #streams = new Map<string, StreamDefinition>();
  readonly #subscribers = new Map<string, Set<EventSubscription>>();
  readonly #sessions = new Map<EventSubscription, SessionFacts>();
  /** The latest commits, oldest first, without a gap. */
  #recent: CommitItem[] = [];
  /** The characters of forward diff text of the recent commits. */
  #recentText = 0;
  #nextId = 1;
  #closed = false;

  constructor(
    datastore: Datastore,
    decisionsFor: (session: Session) => AccessDecisions,
    options: EventStreamsOptions = {},
  ) {
    this.#datastore = datastore;
    this.#decisionsFor = decisionsFor;
    this.#configChanges = new ConfigChangeEvents(datastore.schema);
    this.#sessionEvents = new SessionEvents(datastore.schema);
    this.#control = new ControlEvents(datastore.schema);
    this.#now = options.now ?? (() => new Date());
    this.#onDenied = options.onDenied ?? (() => {});
    this.#queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
    this.#recentLimit = options.recentLimit ?? DEFAULT_RECENT_LIMIT;
    this.#recentTextLimit = options.recentTextLimit ?? DEFAULT_RECENT_TEXT_LIMIT;
    this.#maxSubscriptions = options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS;
    this.#maxSubscriptionsPerUser = options.maxSubscriptionsPerUser ?? DEFAULT_MAX_SUBSCRIPTIONS_PER_USER;
    if (this.#configChanges.available) {
      this.#streams.set(NETCONF_STREAM, DEFINITIONS[NETCONF_STREAM] as StreamDefinition);
      this.#streams.set(SESSIONS_STREAM, DEFINITIONS[SESSIONS_STREAM] as StreamDefinition);
      datastore.commits.subscribe((change) => {
        const item = new CommitItem(change.record, change.diff, this.#configChanges);
        this.#remember(item);
        // One queued item for all: a commit costs each subscription a reference, not an object.
        const queued: QueuedItem = { kind: 'commit', item };
        for (const subscription of this.#subscribers.get(NETCONF_STREAM) ?? []) subscription.push(queued);
      });
    }
    for (const name of this.#streams.keys()) this.#subscribers.set(name, new Set());
  }

  /** The names of the streams offered (none when the schema lacks ietf-netconf-notifications). */
  get names(): readonly string[] {
    return [...this.#streams.keys()];
  }

  /** The number of subscriptions open now. */
  get size(): number {
    let size = 0;
    for (const subscriptions of this.#subscribers.values()) size += subscriptions.size;
    return size;
  }

  /** Every stream, as `restconf-state/streams` lists it. @see RFC 8040 §9.3 */
  async describe(): Promise<readonly StreamDescription[]> {
    // While a shared journal cannot be reached and was never read, the creation time is left out.
    const oldest =
      this.#streams.size === 0
        ? undefined
        : await this.#datastore.oldestStoredCommit().catch((error: unknown) => {
            if (error instanceof StoreUnavailableError) return undefined;
            throw error;
          });
    return [...this.#streams].map(([name, definition]) => ({
      name,
      description: definition.description,
      replaySupport: definition.replay,
      ...(definition.replay && oldest !== undefined ? { replayLogCreationTime: oldest.timestamp } : {}),
    }));
  }

  /**
   * Opens a subscription for `session`. Its live events queue up from now on; the stored ones it
   * asked for come first.
   * @throws ResourceNotFoundError (404) for a stream that does not exist
   * @throws InvalidValueError (400) for times that do not fit together, replay on a stream without it, a bad filter
   * @throws ReplayUnavailableError (400) when the events after `lastEventId` are no longer stored
   * @throws ResourceDeniedError (409) when the server is stopping
   * @throws SubscriptionLimitError (409) when the server or the user has as many subscriptions as allowed
   */
  async subscribe(session: Session, request: SubscriptionRequest): Promise<EventSubscription> {
    const { user } = session.principal;
    this.#checkLimits(user);
    const { filter, after, resume } = await this.#plan(request);
    // Again: other subscriptions may have opened while the history was looked up.
    this.#checkLimits(user);
    const id = this.#nextId++;
    const subscription = new EventSubscription(
      {
        id,
        stream: request.stream,
        // Also without a replay: a commit published while this method awaited is in no queue yet.
        history: this.#history(after),
        after,
        // A resumption continues the stream it resumes: no replay of its own to announce.
        announceReplay: request.startTime !== undefined && resume === undefined,
        stopTime: request.stopTime,
        validUntil: session.principal.validUntil,
        filter,
        queueLimit: this.#queueLimit,
      },
      {
        decisions: () => this.#decisionsFor(session),
        denied: this.#onDenied,
        control: this.#control,
        now: this.#now,
        detach: (ended, reason) => this.#detach(ended, reason),
      },
    );
    // Registered once the history is known: commits published from now on wait in its queue,
    // those published before are durable, hence in the history (which is read lazily).
    (this.#subscribers.get(subscription.stream) as Set<EventSubscription>).add(subscription);
    this.#perUser.set(user, (this.#perUser.get(user) ?? 0) + 1);
    const facts: SessionFacts = {
      username: session.principal.user,
      sessionId: id,
      ...(request.clientAddress === undefined ? {} : { sourceHost: request.clientAddress }),
    };
    this.#sessions.set(subscription, facts);
    this.#publishSession(() => this.#sessionEvents.started(facts, this.#now()));
    return subscription;
  }

  /**
   * Checks `request` as {@link subscribe} does, without subscribing (for HEAD).
   * @throws the errors of {@link subscribe}
   */
  async check(request: SubscriptionRequest): Promise<void> {
    await this.#plan(request);
  }

  /** What a subscription to `request` starts with: its filter, and the history it replays. */
  async #plan(request: SubscriptionRequest): Promise<{
    readonly filter: EventFilter | undefined;
    readonly after: number;
    readonly resume: number | undefined;
  }> {
    const definition = this.#streams.get(request.stream);
    if (definition === undefined)
      throw new ResourceNotFoundError(
        `there is no event stream "${request.stream}"; the server offers ${this.names.join(', ') || 'none'}`,
        { type: 'protocol' },
      );
    if (this.#closed) throw new ResourceDeniedError('the server is stopping: it takes no new subscriptions');
    this.#checkTimes(request, definition);
    const filter = request.filter === undefined ? undefined : parseEventFilter(request.filter, this.#datastore.schema);
    const resume = definition.replay ? request.lastEventId : undefined;
    const last = this.#datastore.commits.lastFixedNumber;
    if (resume !== undefined) await this.#checkResumable(resume, last);
    let after = resume ?? last;
    if (resume === undefined && request.startTime !== undefined) {
      const first = await firstCommitSince(this.#datastore.journal, request.startTime);
      after = first === undefined ? last : first - 1;
    }
    return { filter, after, resume };
  }

  /**
   * Keeps `item` among the recent commits: at most `recentLimit` of them and `recentTextLimit`
   * characters of diff text, without a gap. A larger commit (a restore)
   * is not kept, and the ones before it are let go, so that memory never holds the old version
   * of a whole configuration; a replay across it reads the journal.
   */
  #remember(item: CommitItem): void {
    const size = item.record.forward.length;
    if (size > this.#recentTextLimit) {
      this.#recent = [];
      this.#recentText = 0;
      return;
    }
    this.#recent.push(item);
    this.#recentText += size;
    while (this.#recent.length > this.#recentLimit || this.#recentText > this.#recentTextLimit)
      this.#recentText -= (this.#recent.shift() as CommitItem).record.forward.length;
  }

  /** Ends every subscription (server-shutdown) and takes no new ones. */
  close(): void {
    this.#closed = true;
    for (const subscriptions of this.#subscribers.values())
      for (const subscription of [...subscriptions]) subscription.terminate('server-shutdown');
  }

  #checkTimes(request: SubscriptionRequest, definition: StreamDefinition): void {
    const { startTime, stopTime } = request;
    if (!definition.replay && (startTime !== undefined || stopTime !== undefined))
      throw new InvalidValueError(
        `the stream "${request.stream}" keeps no events: start-time and stop-time apply only to streams with replay support`,
        { type: 'protocol' },
      );
    if (stopTime !== undefined && startTime === undefined)
      throw new InvalidValueError('stop-time needs start-time', { type: 'protocol' });
    if (startTime !== undefined && startTime > this.#now().getTime())
      throw new InvalidValueError('start-time is in the future: it must be a time that has passed', {
        type: 'protocol',
      });
    if (startTime !== undefined && stopTime !== undefined && stopTime <= startTime)
      throw new InvalidValueError('stop-time must be later than start-time', { type: 'protocol' });
  }

  /** A new subscription of `user` must stay within the caps. @throws SubscriptionLimitError */
  #checkLimits(user: string): void {
    if (this.size >= this.#maxSubscriptions)
      throw new SubscriptionLimitError(
        `the server has ${this.#maxSubscriptions} event stream subscriptions open, as many as it allows; retry later`,
      );
    if ((this.#perUser.get(user) ?? 0) >= this.#maxSubscriptionsPerUser)
      throw new SubscriptionLimitError(
        `the user "${user}" has ${this.#maxSubscriptionsPerUser} event stream subscriptions open, as many as one user may; close one first`,
      );
  }

  /**
   * The events after `resume` must all still be stored. On a shared journal, `resume` may name a
   * commit another node made that this one has not applied yet (the client was subscribed there):
   * the journal has it, and the subscription goes on from it as this node catches up.
   */
  async #checkResumable(resume: number, last: number): Promise<void> {
    if (resume > last && resume > (await this.#datastore.journal.lastFixedNumber()))
      throw new ReplayUnavailableError(
        `Last-Event-ID ${resume} is newer than the last commit (${last}): it is not an event of this server's history; read the configuration again and subscribe without Last-Event-ID`,
      );
    if (resume === last) return;
    const oldest = await this.#datastore.oldestStoredCommit();
    if (oldest === undefined || oldest.fixedNumber > resume + 1)
      throw new ReplayUnavailableError(
        `the commits after Last-Event-ID ${resume} are no longer all stored (the oldest stored is ${oldest?.fixedNumber ?? 'none'}); read the configuration again and subscribe without Last-Event-ID`,
      );
  }

  /** The stored commits after `after`: from memory when it still has them all, else from the journal. */
  async *#history(after: number): AsyncGenerator<CommitItem, void, undefined> {
    const first = this.#recent[0];
    if (first !== undefined && first.fixedNumber <= after + 1) {
      yield* this.#recent.filter((item) => item.fixedNumber > after);
      return;
    }
    const { schema } = this.#datastore;
    const recent = new Map(this.#recent.map((item) => [item.fixedNumber, item]));
    for await (const record of this.#datastore.journal.commitsAfter(after))
      yield recent.get(record.fixedNumber) ??
        new CommitItem(record, decodeDiff(record.forward, schema), this.#configChanges);
  }

  #detach(subscription: EventSubscription, reason: TerminationReason | undefined): void {
    this.#subscribers.get(subscription.stream)?.delete(subscription);
    const facts = this.#sessions.get(subscription);
    this.#sessions.delete(subscription);
    if (facts === undefined) return;
    const open = (this.#perUser.get(facts.username) ?? 1) - 1;
    if (open > 0) this.#perUser.set(facts.username, open);
    else this.#perUser.delete(facts.username);
    const termination: SessionTermination =
      reason === undefined || reason === 'stop-time'
        ? 'closed'
        : reason === 'slow-consumer'
          ? 'dropped'
          : reason === 'credentials-expired'
            ? 'timeout'
            : 'other';
    this.#publishSession(() => this.#sessionEvents.ended(facts, termination, this.#now()));
  }

  /**
   * Sends a session event to the sessions stream. One that cannot be built (a user name the
   * schema's string type refuses) is left out: it must not keep the subscription from working.
   */
  #publishSession(build: () => StreamEvent | undefined): void {
    const subscribers = this.#subscribers.get(SESSIONS_STREAM);
    if (subscribers === undefined || subscribers.size === 0) return;
    let event: StreamEvent | undefined;
    try {
      event = build();
    } catch {
      return;
    }
    if (event === undefined) return;
    const queued: QueuedItem = { kind: 'event', event };
    for (const subscription of this.#subscribers.get(SESSIONS_STREAM) ?? []) subscription.push(queued);
  }
}
