/**
 * @module web/state/hash-route
 * The UI's location lives in the URL fragment (`#/data/base:profiles`), so the server serves one
 * page and the browser's back and forward buttons work.
 */
import { useEffect, useState } from 'preact/hooks';

/** The current route: the fragment without `#`, `/` when empty. */
export const currentRoute = (): string => decodeURI(window.location.hash.replace(/^#/, '')) || '/';

/** Re-renders on every change of the fragment. */
export const useRoute = (): string => {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = (): void => setRoute(currentRoute());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
};

/** The href of a route. */
export const href = (route: string): string => `#${encodeURI(route)}`;

/** Goes to a route. */
export const navigate = (route: string): void => {
  window.location.hash = encodeURI(route);
};
