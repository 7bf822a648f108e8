/**
 * @module server/well-known-route
 * The open `/.well-known/host-meta` resource. @see RFC 8040 §3.1
 */
import { MethodNotAllowedError, ResourceNotFoundError } from '../errors/index.ts';
import { HOST_META_MEDIA_TYPE, type Route, renderHostMeta } from '../http/index.ts';

/** The RESTCONF API root announced in host-meta. */
export const RESTCONF_ROOT = '/admin/api/restconf';

/** Serves `/.well-known/host-meta` (GET, HEAD, OPTIONS). */
export const wellKnownRoute: Route = {
  prefix: '/.well-known',
  handler: async (request, response, context) => {
    if (context.path !== '/.well-known/host-meta') {
      throw new ResourceNotFoundError(`no resource at ${context.path}`, { type: 'protocol' });
    }
    const allow = ['GET', 'HEAD', 'OPTIONS'];
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { Allow: allow.join(', '), 'Cache-Control': 'no-cache' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new MethodNotAllowedError(`${request.method} is not allowed on host-meta; use GET`, allow, {
        type: 'protocol',
      });
    }
    const body = renderHostMeta(RESTCONF_ROOT);
    response.writeHead(200, {
      'Content-Type': HOST_META_MEDIA_TYPE,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  },
};
