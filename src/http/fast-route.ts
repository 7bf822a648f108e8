/**
 * @module http/fast-route
 * The switch and counter of the routes' fast paths (`Route.fast`). A fast path is a synchronous
 * handler that answers the commonest requests (GET of one list entry by key) without the route's
 * general pipeline, or declines and leaves the request to it. It must give exactly the answer the general pipeline gives — same status, headers and
 * bytes — and decline whenever it cannot be sure of that (a query, an unusual header, a user
 * NACM shows only part of the resource, an error to report). {@link FAST_ROUTES} counts what the
 * fast paths answered, and can switch them off (`IDCONF_FAST_ROUTES=0`): the tests compare both
 * ways, and a benchmark can measure the general pipeline alone.
 */

/** The switch and the counter of every fast path of the process. */
export interface FastRoutes {
  /** False sends every request through the general pipelines. */
  enabled: boolean;
  /** Requests a fast path answered since the process started. */
  answered: number;
}

export const FAST_ROUTES: FastRoutes = { enabled: process.env.IDCONF_FAST_ROUTES !== '0', answered: 0 };
