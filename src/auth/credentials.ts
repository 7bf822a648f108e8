/**
 * @module auth/credentials
 * What a client presents to prove who it is, and where the attempt comes from. Parsing the
 * HTTP header into these is the HTTP layer's job; checking them is an Authenticator's.
 */

/** A user name and password, as HTTP Basic carries them. @see RFC 7617 §2 */
export interface BasicCredentials {
  readonly scheme: 'basic';
  readonly user: string;
  readonly password: string;
}

/** An OAuth 2.0 bearer token (e.g. a JWT access token). @see RFC 6750 §2.1 */
export interface BearerCredentials {
  readonly scheme: 'bearer';
  readonly token: string;
}

/** Any credentials a request can carry. */
export type Credentials = BasicCredentials | BearerCredentials;

/** Where an authentication attempt comes from; failures are throttled per user and source. */
export interface ClientSource {
  /**
   * The client's address: the TCP peer, or the client a configured trusted reverse proxy
   * forwarded — never a forwarding header from any other peer, which a client controls.
   */
  readonly address: string;
}
