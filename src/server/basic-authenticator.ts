/**
 * @module server/basic-authenticator
 * The HTTP Basic authenticator of both APIs: the `idconf-aaa` accounts of the running
 * configuration, and for other user names the credential manager that
 * `admin-service/authentication/credential-manager` configures (LDAP or SQL), sharing one
 * failure throttle. See docs/authentication.md.
 */
import type { Authenticator } from '../auth/index.ts';
import { CredentialManagerAuthenticator, LocalUserAuthenticator, LoginThrottle } from '../auth/index.ts';
import type { Datastore } from '../datastore/index.ts';
import type { ConfigCipher } from '../identity/index.ts';
import { CredentialManagerBinding } from '../identity/index.ts';
import type { Logger } from '../util/index.ts';
import { aaaUserDirectory } from './aaa-user-directory.ts';

/** Options of {@link createBasicAuthenticator}. */
export interface BasicAuthenticatorOptions {
  readonly datastore: Datastore;
  /** Opens the data-source passwords stored in the configuration. */
  readonly cipher: ConfigCipher;
  readonly log: Logger;
}

/** The authenticator, and the binding whose connections the server closes on shutdown. */
export interface BasicAuthenticator {
  readonly authenticator: Authenticator;
  readonly credentialManagers: CredentialManagerBinding;
}

/** Builds the Basic authenticator over the running datastore. */
export const createBasicAuthenticator = (options: BasicAuthenticatorOptions): BasicAuthenticator => {
  const { datastore, cipher, log } = options;
  const directory = aaaUserDirectory(() => datastore.snapshot.root);
  const throttle = new LoginThrottle();
  const credentialManagers = new CredentialManagerBinding({ datastore, cipher, log });
  // Read the configuration now, so that the log says at start which credential manager is in use.
  credentialManagers.current();
  const authenticator = new CredentialManagerAuthenticator({
    local: new LocalUserAuthenticator({ directory, log, throttle }),
    directory,
    credentialManagers,
    throttle,
    log,
  });
  return { authenticator, credentialManagers };
};
