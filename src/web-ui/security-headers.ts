/**
 * @module web-ui/security-headers
 * The headers every answer of the web UI carries: a Content-Security-Policy that allows only
 * the UI's own files (no inline script or style, no framing, no plugins, no forms posting
 * elsewhere) and API calls to this server (and to an OAuth provider's token endpoint when one is
 * configured), and the usual hardening headers. The UI sets no cookie: it authenticates each
 * API request itself, so no ambient credential exists for a cross-site request to use.
 * @see W3C CSP Level 3, RFC 7034 (X-Frame-Options), WHATWG Fetch (X-Content-Type-Options)
 */
import type { OutgoingHttpHeaders } from 'node:http';

/** The Content-Security-Policy, with the extra origins `fetch` may reach (an OAuth provider). */
export const contentSecurityPolicy = (connectOrigins: readonly string[] = []): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The security headers of every answer below the UI's root. */
export const securityHeaders = (connectOrigins: readonly string[] = []): OutgoingHttpHeaders => ({
  'Content-Security-Policy': contentSecurityPolicy(connectOrigins),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});
