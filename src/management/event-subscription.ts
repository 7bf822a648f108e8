/**
 * @module management/event-subscription
 * One subscriber's view of a stream, pulled one event at a time by its front-end: first the
 * stored events it asked for (after `Last-Event-ID`, or from `start-time`), then the live ones,
 * which queue up meanwhile. A commit is handed out at most once, in fixed-number order, so the
 * switch from stored to live events leaves no gap and no duplicate. Each event passes the
 * subscriber's access decisions (taken when it is handed out) and its filter.
 *
 * The live queue is bounded: a subscriber that lets more events wait than the bound (it reads
 * too slowly, or not at all) is ended with `subscription-terminated` (slow-consumer), so that
 * it costs the server a bounded amount of memory and never holds up a commit. The queue holds
 * references to events shared by every subscriber, not copies.
 * @see RFC 8040 §6.3, §6.4; RFC 5277 §2.1.1 (replay, then live)
 */
import type { AccessDecisions } from '../nacm/index.ts';
import type { NotificationNode } from '../yang/index.ts';
import type { CommitItem } from './commit-item.ts';
import type { ControlEvents, TerminationReason } from './control-events.ts';
import type { EventFilter } from './event-filter.ts';
import type { StreamEvent } from './stream-event.ts';
import { notificationMember } from './stream-event.ts';

/** What waits in a subscriber's queue: a commit (built per view on the way out) or a built event. */
export type QueuedItem =
  | { readonly kind: 'commit'; readonly item: CommitItem }
  | { readonly kind: 'event'; readonly event: StreamEvent };

/** How a subscription takes what it needs from its streams' service. */
export interface SubscriptionContext {
  /** The subscriber's access decisions now. */
  readonly decisions: () => AccessDecisions;
  /** Counts a notification withheld because NACM denies its kind (`denied-notifications`). */
  readonly denied: () => void;
  readonly control: ControlEvents;
  readonly now: () => Date;
  /** Called once when the subscription ends, however it ends; `reason` when the server ended it. */
  readonly detach: (subscription: EventSubscription, reason: TerminationReason | undefined) => void;
}

/** What one subscription asked for, checked. */
export interface SubscriptionSettings {
  readonly id: number;
  readonly stream: string;
  /** The stored commits to send first: those after `after` that no queue has. */
  readonly history: AsyncIterator<CommitItem> | undefined;
  /** Everything up to this fixed number has been sent or is in `history`: later live commits only. */
  readonly after: number;
  /** Send `replay-completed` once the history is sent (start-time asked for a replay). */
  readonly announceReplay: boolean;
  /** stop-time, in milliseconds since the epoch. */
  readonly stopTime: number | undefined;
  /** When the subscriber's credentials expire (a bearer token), in milliseconds since the epoch. */
  readonly validUntil: number | undefined;
  readonly filter: EventFilter | undefined;
  /** Live events that may wait before the subscriber is ended as too slow. */
  readonly queueLimit: number;
}

/** setTimeout's longest delay; a later stop-time is reached in steps. */
const MAX_TIMER = 2 ** 31 - 1;

/** One subscription. Pull with {@link next} until it returns undefined. */
export class EventSubscription {
  readonly id: number;
  readonly stream: string;
  readonly #context: SubscriptionContext;
  readonly #settings: SubscriptionSettings;
  #history: AsyncIterator<CommitItem> | undefined;
  #queue: QueuedItem[] = [];
  /** The fixed number of the last commit handed out or passed over. */
  #last: number;
  #wake: (() => void) | undefined;
  #stopTimer: NodeJS.Timeout | undefined;
  #expiryTimer: NodeJS.Timeout | undefined;
  /** Set when the server ends the subscription; its final event goes out next. */
  #termination: { readonly reason: TerminationReason; readonly event: StreamEvent | undefined } | undefined;
  #finished = false;
  #detached = false;
  readonly #ended: Promise<TerminationReason>;
  readonly #endListeners = new Set<(reason: TerminationReason) => void>();
  #resolveEnded: (reason: TerminationReason) => void = () => {};

  constructor(settings: SubscriptionSettings, context: SubscriptionContext) {
    this.id = settings.id;
    this.stream = settings.stream;
    this.#settings = settings;
    this.#context = context;
    this.#history = settings.history;
    this.#last = settings.after;
    this.#ended = new Promise((resolve) => {
      this.#resolveEnded = resolve;
    });
    this.#armStopTimer();
    this.#armExpiryTimer();
  }

  /** Resolves with the reason when the server ends the subscription (never when the subscriber leaves). */
  get ended(): Promise<TerminationReason> {
    return this.#ended;
  }

  /**
   * Calls `listener` when the server ends the subscription; the function returned stops it. Unlike
   * {@link ended}, waiting this way many times leaves nothing behind.
   */
  onEnd(listener: (reason: TerminationReason) => void): () => void {
    if (this.#termination !== undefined) {
      listener(this.#termination.reason);
      return () => {};
    }
    this.#endListeners.add(listener);
    return () => {
      this.#endListeners.delete(listener);
    };
  }

  /** The reason the server ended the subscription, if it did. */
  get terminationReason(): TerminationReason | undefined {
    return this.#termination?.reason;
  }

  /** True once nothing more will be handed out. */
  get finished(): boolean {
    return this.#finished;
  }

  /** Live events waiting to be pulled. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Queues a live item; a full queue ends the subscription as too slow. */
  push(item: QueuedItem): void {
    if (this.#termination !== undefined || this.#finished) return;
    if (this.#queue.length >= this.#settings.queueLimit) {
      this.terminate('slow-consumer');
      return;
    }
    this.#queue.push(item);
    this.#wakeUp();
  }

  /**
   * Ends the subscription on the server's side: what waits is dropped and the next pull hands
   * out `subscription-terminated` with `reason`, the last event.
   */
  terminate(reason: TerminationReason): void {
    if (this.#termination !== undefined || this.#finished) return;
    this.#termination = { reason, event: this.#context.control.terminated(reason, this.#context.now()) };
    this.#queue = [];
    this.#release(reason);
    this.#resolveEnded(reason);
    for (const listener of this.#endListeners) listener(reason);
    this.#endListeners.clear();
    this.#wakeUp();
  }

  /** The subscriber went away: nothing more is handed out. */
  close(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#queue = [];
    this.#release(undefined);
    this.#wakeUp();
  }

  /** The next event; undefined once the subscription has ended (after its final event, if any). */
  async next(): Promise<StreamEvent | undefined> {
    for (;;) {
      if (this.#finished) return undefined;
      if (this.#credentialsExpired()) this.terminate('credentials-expired');
      if (this.#termination !== undefined) {
        this.#finished = true;
        return this.#termination.event;
      }
      if (this.#history !== undefined) {
        const event = await this.#nextStored(this.#history);
        if (event !== undefined) return event;
        continue;
      }
      const queued = this.#queue.shift();
      if (queued === undefined) {
        if (this.#stopTimePassed()) {
          this.terminate('stop-time');
          continue;
        }
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        continue;
      }
      const event = queued.kind === 'commit' ? this.#commitEvent(queued.item) : this.#liveEvent(queued.event);
      if (event !== undefined) return event;
    }
  }

  /** The next stored event, or undefined to look again (history done, nothing visible, ended). */
  async #nextStored(history: AsyncIterator<CommitItem>): Promise<StreamEvent | undefined> {
    const step = await history.next();
    if (this.#termination !== undefined || this.#finished) return undefined;
    if (step.done === true) {
      this.#history = undefined;
      return this.#settings.announceReplay ? this.#context.control.replayCompleted(this.#context.now()) : undefined;
    }
    return this.#commitEvent(step.value);
  }

  /** The commit's event for this subscriber, or undefined (seen already, hidden, filtered out, past stop-time). */
  #commitEvent(item: CommitItem): StreamEvent | undefined {
    if (item.fixedNumber <= this.#last) return undefined;
    this.#last = item.fixedNumber;
    if (this.#isAfterStopTime(item.record.timestamp)) {
      this.terminate('stop-time');
      return undefined;
    }
    const decisions = this.#context.decisions();
    if (!this.#mayReceive(decisions, item.notification)) return undefined;
    const event = item.eventFor(decisions);
    return event === undefined || !this.#passes(event) ? undefined : event;
  }

  /** A live event built elsewhere (a session event): its notification must be receivable. */
  #liveEvent(event: StreamEvent): StreamEvent | undefined {
    if (this.#isAfterStopTime(event.eventTime)) {
      this.terminate('stop-time');
      return undefined;
    }
    if (!this.#mayReceive(this.#context.decisions(), event.notification)) return undefined;
    return this.#passes(event) ? event : undefined;
  }

  /** Whether NACM lets the subscriber receive `notification`; a refusal is counted. @see RFC 8341 §3.4.6, §3.5.2 */
  #mayReceive(decisions: AccessDecisions, notification: NotificationNode | undefined): boolean {
    if (notification === undefined || decisions.permitsAll || decisions.mayReceive(notification)) return true;
    this.#context.denied();
    return false;
  }

  #passes(event: StreamEvent): boolean {
    const { filter } = this.#settings;
    return filter === undefined || filter.matches(notificationMember(event.notification), event.json);
  }

  #isAfterStopTime(eventTime: string): boolean {
    const { stopTime } = this.#settings;
    return stopTime !== undefined && Date.parse(eventTime) > stopTime;
  }

  #stopTimePassed(): boolean {
    const { stopTime } = this.#settings;
    return stopTime !== undefined && this.#context.now().getTime() > stopTime;
  }

  /** True once the subscriber's credentials have expired: nothing more may be handed out for them. */
  #credentialsExpired(): boolean {
    const { validUntil } = this.#settings;
    return validUntil !== undefined && this.#context.now().getTime() >= validUntil;
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #armStopTimer(): void {
    const { stopTime } = this.#settings;
    if (stopTime === undefined) return;
    const delay = stopTime - this.#context.now().getTime();
    this.#stopTimer = setTimeout(
      () => {
        if (delay > MAX_TIMER) this.#armStopTimer();
        // A subscriber still busy with stored or queued events ends once it has them (next()).
        else if (this.#history === undefined && this.#queue.length === 0) this.terminate('stop-time');
      },
      Math.max(0, Math.min(delay + 1, MAX_TIMER)),
    );
    // A pending stop-time must not keep the process alive.
    this.#stopTimer.unref();
  }

  /**
   * Ends the subscription when its credentials expire, whatever waits: the events queued for it
   * were for credentials that no longer count.
   */
  #armExpiryTimer(): void {
    const { validUntil } = this.#settings;
    if (validUntil === undefined) return;
    const delay = validUntil - this.#context.now().getTime();
    this.#expiryTimer = setTimeout(
      () => {
        if (delay > MAX_TIMER) this.#armExpiryTimer();
        else this.terminate('credentials-expired');
      },
      Math.max(0, Math.min(delay, MAX_TIMER)),
    );
    this.#expiryTimer.unref();
  }

  #release(reason: TerminationReason | undefined): void {
    if (this.#stopTimer !== undefined) clearTimeout(this.#stopTimer);
    this.#stopTimer = undefined;
    if (this.#expiryTimer !== undefined) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = undefined;
    // Stops reading the journal; a failure to stop matters to no one.
    this.#history?.return?.(undefined).catch(() => undefined);
    if (this.#detached) return;
    this.#detached = true;
    this.#context.detach(this, reason);
  }
}
