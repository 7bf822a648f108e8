/**
 * @module nacm/nacm-counters
 * The NACM statistics: operations, data writes and notifications denied since the server
 * started, reported as the state leaves of the `nacm` container.
 * @see RFC 8341 §3.5.2 (denied-operations, denied-data-writes, denied-notifications)
 */

/** The three counters (zero-based-counter32: they wrap at 2^32). */
export class NacmCounters {
  deniedOperations = 0;
  deniedDataWrites = 0;
  deniedNotifications = 0;

  /** A protocol operation (RPC or action) was refused. */
  countDeniedOperation(): void {
    this.deniedOperations = (this.deniedOperations + 1) % 2 ** 32;
  }

  /** A request to change configuration was refused. */
  countDeniedDataWrite(): void {
    this.deniedDataWrites = (this.deniedDataWrites + 1) % 2 ** 32;
  }

  /** A notification was not delivered to a subscriber. */
  countDeniedNotification(): void {
    this.deniedNotifications = (this.deniedNotifications + 1) % 2 ** 32;
  }

  /** The counters as the RFC 7951 JSON members of `nacm`. */
  toJson(): Record<string, number> {
    return {
      'denied-operations': this.deniedOperations,
      'denied-data-writes': this.deniedDataWrites,
      'denied-notifications': this.deniedNotifications,
    };
  }
}
