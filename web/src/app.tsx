/**
 * @module web/app
 * The application: the sign-in screen, then the session's shell. Signing out (or the idle
 * timeout) drops the session and with it the credentials and every staged change.
 */
import { useState } from 'preact/hooks';
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
  const signOut = (reason?: string): void => {
    setSession(undefined);
    setNotices([]);
    setSignedOut(reason);
    window.location.hash = '';
  };
  const signIn = ({ client, model }: SignedIn): void => {
    const staging = new Staging();
    const errors = new ErrorBoard();
    let next = 0;
    const notify = (notice: Notice): void => {
      const id = ++next;
      setNotices((current) => [...current.slice(-2), { ...notice, id }]);
      if (notice.kind !== 'error')
        setTimeout(() => setNotices((current) => current.filter((entry) => entry.id !== id)), 5000);
    };
    client.onUnauthorized = () => signOut('The server no longer accepts your credentials. Sign in again.');
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
