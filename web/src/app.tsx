/**
 * @module web/app
 * The application: the sign-in screen, then the session's shell. Signing out (or the idle
 * timeout, or an OAuth access token's expiry) drops the session and with it the credentials and
 * every staged change. Signing out of a session from an OpenID Provider that offers
 * RP-Initiated Logout also ends the session there, so that the next sign-in asks again.
 */
import { useRef, useState } from 'preact/hooks';
import { ErrorBoard } from './state/error-board.ts';
import type { Notice, Session } from './state/session.ts';
import { SessionContext } from './state/session.ts';
import { Staging } from './state/staging.ts';
import type { SignedIn } from './views/login-view.tsx';
import { LoginView } from './views/login-view.tsx';
import { Shell } from './views/shell.tsx';

export const App = () => {
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [notices, setNotices] = useState<readonly (Notice & { readonly id: number })[]>([]);
  const [signedOut, setSignedOut] = useState<string | undefined>(undefined);
  /** The OAuth session (its expiry timer and end-session URL), if the user signed in at the provider. */
  const oauth = useRef<{ readonly timer: number | undefined; readonly endSession: string | undefined }>(undefined);
  /** Drops the session; `reason` is shown on the sign-in screen (none: the user signed out). */
  const signOut = (reason?: string): void => {
    const ending = oauth.current;
    oauth.current = undefined;
    clearTimeout(ending?.timer);
    setSession(undefined);
    setNotices([]);
    setSignedOut(reason);
    window.location.hash = '';
    if (reason === undefined && ending?.endSession !== undefined) window.location.assign(ending.endSession);
  };
  const signIn = ({ client, model, oauth: fromProvider }: SignedIn): void => {
    const staging = new Staging();
    const errors = new ErrorBoard();
    let next = 0;
    const notify = (notice: Notice): void => {
      const id = ++next;
      setNotices((current) => [...current.slice(-2), { ...notice, id }]);
      if (notice.kind !== 'error')
        setTimeout(() => setNotices((current) => current.filter((entry) => entry.id !== id)), 5000);
    };
    client.onUnauthorized = () =>
      signOut(
        fromProvider === undefined
          ? 'The server no longer accepts your credentials. Sign in again.'
          : `Your sign-in with ${fromProvider.provider} has expired or is no longer accepted. Sign in again.`,
      );
    if (fromProvider !== undefined) {
      const left = fromProvider.expiresAt === undefined ? undefined : fromProvider.expiresAt - Date.now();
      oauth.current = {
        endSession: fromProvider.endSession,
        timer:
          left === undefined
            ? undefined
            : window.setTimeout(
                () => signOut(`Your sign-in with ${fromProvider.provider} has expired. Sign in again.`),
                Math.max(0, Math.min(left, 2 ** 31 - 1)),
              ),
      };
    }
    setSignedOut(undefined);
    setSession({ client, model, staging, errors, notify });
  };
  if (session === undefined)
    return <LoginView onSignedIn={signIn} {...(signedOut === undefined ? {} : { notice: signedOut })} />;
  return (
    <SessionContext.Provider value={session}>
      <Shell
        notices={notices}
        onDismiss={(id) => setNotices((current) => current.filter((entry) => entry.id !== id))}
        onNavigate={() => setNotices((current) => current.filter((entry) => entry.kind === 'error'))}
        onSignOut={signOut}
      />
    </SessionContext.Provider>
  );
};
