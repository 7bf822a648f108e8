/**
 * @module web/views/login-view
 * The sign-in screen offers what the server's sign-in options say is configured: the management
 * accounts (HTTP Basic against the API; the password is kept only in the memory of this tab, for
 * as long as the user stays signed in) and the OAuth provider (authorization code with PKCE; the
 * access token, too, only in memory). When the provider sends the browser back, this screen
 * finishes the sign-in.
 */
import { useEffect, useState } from 'preact/hooks';
import type { SignInOptions } from '../../../src/web-ui/sign-in-options-format.ts';
import type { CompactSchema } from '../../../src/yang/compact/compact-schema-format.ts';
import {
  completeOAuthSignIn,
  endSessionUrl,
  fetchSignInOptions,
  isAuthorizationResponse,
  startOAuthSignIn,
} from '../api/oauth-sign-in.ts';
import { ApiError, RestconfClient } from '../api/restconf-client.ts';
import { SchemaModel } from '../schema/schema-model.ts';

/** A session signed in at the OAuth provider. */
export interface OAuthSession {
  /** The provider's name. */
  readonly provider: string;
  /** When the access token expires (ms since the epoch), if known. */
  readonly expiresAt: number | undefined;
  /** Where to send the browser to sign out at the provider too (RP-Initiated Logout), if it can. */
  readonly endSession: string | undefined;
}

/** What a successful sign-in gives. */
export interface SignedIn {
  readonly client: RestconfClient;
  readonly model: SchemaModel;
  readonly oauth?: OAuthSession;
}

/** Loads the compact schema with `client`; the first request also proves the credentials. */
export const openSession = async (client: RestconfClient): Promise<SignedIn> => {
  const response = await client.send<CompactSchema>('GET', '/compact-schema', { accept: 'application/json' });
  if (response.body === undefined) throw new Error('the server sent no schema');
  return { client, model: new SchemaModel(response.body) };
};

/** What the server's answer to a token says, for the user. */
const refusalOf = (failure: unknown, provider: string): string =>
  failure instanceof ApiError && (failure.status === 401 || failure.status === 403)
    ? `The server does not accept the sign-in from ${provider}: ${failure.message}`
    : `Cannot sign in: ${(failure as Error).message}`;

export const LoginView = ({ onSignedIn, notice }: { onSignedIn: (session: SignedIn) => void; notice?: string }) => {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<SignInOptions | undefined>(undefined);
  const [returning] = useState(isAuthorizationResponse);
  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      let loaded: SignInOptions | undefined;
      try {
        loaded = await fetchSignInOptions();
      } catch {
        // An older server, or a network problem: the password form is all that can be offered.
        loaded = { format: 'idconf-sign-in-options/1', basic: true };
      }
      if (!live) return;
      setOptions(loaded);
      if (!returning) return;
      setBusy(true);
      const oauth = loaded.oauth;
      const provider = oauth?.name ?? 'the OAuth provider';
      try {
        const tokens = await completeOAuthSignIn(oauth);
        const client = new RestconfClient({ kind: 'bearer', user: tokens.user, token: tokens.accessToken });
        const session = await openSession(client).catch((failure: unknown) => {
          throw new Error(refusalOf(failure, provider));
        });
        if (!live || oauth === undefined) return;
        onSignedIn({
          ...session,
          oauth: { provider, expiresAt: tokens.expiresAt, endSession: endSessionUrl(oauth, tokens.idToken) },
        });
      } catch (failure) {
        if (live) setError((failure as Error).message);
      } finally {
        if (live) setBusy(false);
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, []);
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
  const signInAtProvider = async (): Promise<void> => {
    if (options?.oauth === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      await startOAuthSignIn(options.oauth);
    } catch (failure) {
      setError(`Cannot sign in: ${(failure as Error).message}`);
      setBusy(false);
    }
  };
  const basic = options?.basic ?? false;
  const oauth = options?.oauth;
  return (
    <main class="login" id="main">
      <div class="login-form">
        <h1 id="login-title">idconf</h1>
        <p class="muted">Sign in to manage the identity service's configuration.</p>
        {notice === undefined ? null : (
          <p class="notice info" role="status">
            {notice}
          </p>
        )}
        {options === undefined || returning ? (
          <p class="muted" role="status">
            {returning && busy ? 'Signing in…' : options === undefined ? 'Loading…' : ''}
          </p>
        ) : null}
        {oauth === undefined ? null : (
          <button type="button" class="primary" disabled={busy} onClick={() => void signInAtProvider()}>
            Sign in with {oauth.name}
          </button>
        )}
        {options?.oauth_unavailable === undefined ? null : (
          <p class="notice info" role="status">
            {options.oauth_unavailable}
          </p>
        )}
        {basic ? (
          <form onSubmit={submit} aria-labelledby="login-title">
            {oauth === undefined ? null : <p class="login-or muted">or with an account of this server</p>}
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
            <button type="submit" class={oauth === undefined ? 'primary' : ''} disabled={busy}>
              {busy && !returning ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        ) : null}
        {options !== undefined && !basic && oauth === undefined && options.oauth_unavailable === undefined ? (
          <p class="notice error" role="alert">
            No way to sign in is configured for the web UI: HTTP Basic is off and OAuth sign-in is not set up
            (environments/environment/admin-service/http/web-ui/oauth-sign-in).
          </p>
        ) : null}
        {error === undefined ? null : (
          <p class="notice error" role="alert">
            {error}
          </p>
        )}
      </div>
    </main>
  );
};
