/**
 * @module web/views/login-view
 * Sign in with the management accounts (HTTP Basic against the API). The password is kept only
 * in the memory of this tab, for as long as the user stays signed in.
 */
import { useState } from 'preact/hooks';
import type { CompactSchema } from '../../../src/yang/compact/compact-schema-format.ts';
import { ApiError, RestconfClient } from '../api/restconf-client.ts';
import { SchemaModel } from '../schema/schema-model.ts';

/** What a successful sign-in gives. */
export interface SignedIn {
  readonly client: RestconfClient;
  readonly model: SchemaModel;
}

/** Loads the compact schema with `client`; the first request also proves the credentials. */
export const openSession = async (client: RestconfClient): Promise<SignedIn> => {
  const response = await client.send<CompactSchema>('GET', '/compact-schema', { accept: 'application/json' });
  if (response.body === undefined) throw new Error('the server sent no schema');
  return { client, model: new SchemaModel(response.body) };
};

export const LoginView = ({ onSignedIn, notice }: { onSignedIn: (session: SignedIn) => void; notice?: string }) => {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await openSession(new RestconfClient({ kind: 'basic', user, password })));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? 'The user name or the password is wrong.'
          : failure instanceof ApiError && failure.status === 429
            ? 'Too many failed attempts. Wait a moment and try again.'
            : `Cannot sign in: ${(failure as Error).message}`,
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login" id="main">
      <form class="login-form" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">idconf</h1>
        <p class="muted">Sign in to manage the identity service's configuration.</p>
        {notice === undefined ? null : (
          <p class="notice info" role="status">
            {notice}
          </p>
        )}
        <label for="login-user">User name</label>
        <input
          id="login-user"
          name="username"
          autocomplete="username"
          required
          value={user}
          onInput={(event) => setUser(event.currentTarget.value)}
        />
        <label for="login-password">Password</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        {error === undefined ? null : (
          <p class="notice error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
};
