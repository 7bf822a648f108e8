/**
 * @module http/router
 * Finds the route for a request path: the longest mounted prefix that matches a whole segment.
 */
import type { Route } from './route.ts';

/** Routes requests to front-ends by path prefix. */
export class Router {
  readonly #routes: Route[] = [];

  /** Mounts a route; longer prefixes win over shorter ones. */
  mount(route: Route): this {
    this.#routes.push(route);
    this.#routes.sort((a, b) => b.prefix.length - a.prefix.length);
    return this;
  }

  /** The route whose prefix is `path` itself or a whole-segment ancestor of it. */
  find(path: string): Route | undefined {
    return this.#routes.find(
      (route) =>
        path === route.prefix || path.startsWith(route.prefix.endsWith('/') ? route.prefix : `${route.prefix}/`),
    );
  }
}
