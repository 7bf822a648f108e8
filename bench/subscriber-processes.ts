/**
 * @module bench/subscriber-processes
 * The subscribers of an event stream benchmark, spread over one or more child processes
 * (bench/event-subscribers.ts), as one: ready once every child has connected its share, and for
 * each event id the first receipt in any child and the last in all of them. Spreading them lets
 * the subscribers read on every core once the server has written, so that reading a thousand
 * connections does not queue behind one process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SubscriberReport } from './event-subscribers.ts';

/** What the subscribers report together. */
export type MergedReport = Exclude<SubscriberReport, { readonly kind: 'failed' }>;

/** Default number of child processes holding the subscribers (the benchmark machine has 2 cores). */
export const DEFAULT_SUBSCRIBER_PROCESSES = 2;

/** The length of a clock tick of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const CLOCK_TICK_MS = 10;

/** Subscribers of `url`, `count` in all, in `processes` children. */
export class SubscriberProcesses {
  readonly #children: ChildProcess[] = [];
  readonly #reports: MergedReport[] = [];
  readonly #failures: string[] = [];
  #ready = 0;
  /** Per event id: the children that have reported it, the first and the last receipt so far. */
  readonly #events = new Map<string, { reported: number; first: number; last: number }>();
  #waiter: (() => void) | undefined;

  constructor(url: string, count: number, user: string, password: string, processes = DEFAULT_SUBSCRIBER_PROCESSES) {
    const children = Math.max(1, Math.min(processes, count));
    const shares = Array.from({ length: children }, (_, index) => Math.floor((count + index) / children));
    for (const share of shares) {
      const child = fork(join(import.meta.dirname, 'event-subscribers.ts'), [url, String(share), user, password], {
        execArgv: ['--disable-warning=ExperimentalWarning'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      child.on('message', (message: SubscriberReport) => this.#receive(message, shares.length, count));
      this.#children.push(child);
    }
  }

  /** The process ids of the children. */
  get pids(): readonly number[] {
    return this.#children.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  /**
   * The CPU time the children have used so far, user and system, in milliseconds (from
   * `/proc/<pid>/stat`, in clock ticks of 10 ms; undefined where there is no `/proc`).
   */
  cpuMs(): number | undefined {
    let ticks = 0;
    for (const pid of this.pids) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      } catch {
        return undefined;
      }
      // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * CLOCK_TICK_MS;
  }

  #receive(message: SubscriberReport, children: number, count: number): void {
    if (message.kind === 'failed') this.#failures.push(message.message);
    else if (message.kind === 'ready') {
      this.#ready += 1;
      if (this.#ready === children) this.#reports.push({ kind: 'ready', count });
    } else {
      const entry = this.#events.get(message.id) ?? { reported: 0, first: message.first, last: message.last };
      entry.reported += 1;
      entry.first = Math.min(entry.first, message.first);
      entry.last = Math.max(entry.last, message.last);
      this.#events.set(message.id, entry);
      if (entry.reported === children) {
        this.#events.delete(message.id);
        this.#reports.push({ kind: 'event', id: message.id, first: entry.first, last: entry.last });
      }
    }
    this.#waiter?.();
  }

  /** The next report of `kind`, or a failure. */
  async next<K extends MergedReport['kind']>(kind: K, timeoutMs: number): Promise<Extract<MergedReport, { kind: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const failure = this.#failures[0];
      if (failure !== undefined) throw new Error(`the subscribers failed: ${failure}`);
      const index = this.#reports.findIndex((report) => report.kind === kind);
      if (index >= 0) return this.#reports.splice(index, 1)[0] as Extract<MergedReport, { kind: K }>;
      if (Date.now() > deadline) throw new Error(`no "${kind}" report from the subscribers in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Stops every child. */
  async stop(): Promise<void> {
    await Promise.all(
      this.#children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else {
              child.once('exit', () => resolve());
              child.kill();
            }
          }),
      ),
    );
  }
}
