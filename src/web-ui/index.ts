/**
 * @module web-ui
 * The admin web UI's static files on the management port: the built assets read into memory,
 * the `/admin` route with its caching and security headers. The UI itself (web/) is a client of
 * the RESTCONF API. Re-exports only. May import: util, errors, http.
 */
export { contentSecurityPolicy, securityHeaders } from './security-headers.ts';
export type { OAuthSignInOptions, SignInOptions } from './sign-in-options-format.ts';
export { SIGN_IN_OPTIONS_FORMAT } from './sign-in-options-format.ts';
export type { WebUiAsset, WebUiAssets } from './web-ui-assets.ts';
export { HASHED_ASSETS_DIR, loadWebUiAssets } from './web-ui-assets.ts';
export type { WebUiRouteOptions } from './web-ui-route.ts';
export { SIGN_IN_OPTIONS_NAME, WEB_UI_ROOT, webUiRoute } from './web-ui-route.ts';
