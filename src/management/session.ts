/**
 * @module management/session
 * Who a management request acts for and through which interface. RESTCONF is stateless, so a
 * session lives for one request; NACM decisions and commit attribution both start here.
 * @see RFC 8341 §3.5 (user and groups), DESIGN §3
 */
import type { Principal } from '../auth/index.ts';
import type { CommitAttribution, CommitVia } from '../datastore/index.ts';

/** The principal and interface of one request. */
export interface Session {
  readonly principal: Principal;
  /** The interface the request came through; stored with every commit it makes. */
  readonly via: CommitVia;
  /**
   * The scheme and authority clients reach the server at (`https://host:6749`), for absolute
   * URLs inside data such as the YANG library's schema locations; undefined when unknown.
   */
  readonly origin?: string;
}

/** What a write stores with its commit besides who made it. */
export interface CommitNote {
  /** `rollback-label`. */
  readonly label?: string;
  /** `rollback-comment`. */
  readonly comment?: string;
}

/** The attribution of a commit made by `session`. */
export const attributionOf = (session: Session, note: CommitNote = {}): CommitAttribution => ({
  user: session.principal.user,
  via: session.via,
  ...(note.label === undefined ? {} : { label: note.label }),
  ...(note.comment === undefined ? {} : { comment: note.comment }),
});
