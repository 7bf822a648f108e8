/**
 * @module web/state/session
 * What the screens of a signed-in user share: the API client (holding the credentials), the
 * schema, the staged changes, the placed errors and a way to tell the user something.
 */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { RestconfClient } from '../api/restconf-client.ts';
import type { SchemaModel } from '../schema/schema-model.ts';
import type { ErrorBoard } from './error-board.ts';
import type { Staging } from './staging.ts';

/** A message in the status area. */
export interface Notice {
  readonly kind: 'info' | 'success' | 'error';
  readonly text: string;
}

/** A signed-in user's session. */
export interface Session {
  readonly client: RestconfClient;
  readonly model: SchemaModel;
  readonly staging: Staging;
  readonly errors: ErrorBoard;
  /** Shows a notice (announced to screen readers). */
  readonly notify: (notice: Notice) => void;
}

export const SessionContext = createContext<Session | undefined>(undefined);

/** The session of the signed-in user. */
export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('no session');
  return session;
};

/** Re-renders the component whenever `store` changes. */
export const useStore = (store: { subscribe(listener: () => void): () => void }): void => {
  const [, setVersion] = useState(0);
  useEffect(() => store.subscribe(() => setVersion((version) => version + 1)), [store]);
};
