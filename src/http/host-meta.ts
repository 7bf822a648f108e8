/**
 * @module http/host-meta
 * The `/.well-known/host-meta` XRD document that tells clients where the RESTCONF root is.
 * @see RFC 8040 §3.1, RFC 6415
 */
import { escapeXmlAttribute } from '../util/index.ts';

/** The media type of the host-meta document. @see RFC 6415 §2 */
export const HOST_META_MEDIA_TYPE = 'application/xrd+xml';

/** The XRD whose `restconf` link names the RESTCONF API root. */
export const renderHostMeta = (restconfRoot: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
  `  <Link rel="restconf" href="${escapeXmlAttribute(restconfRoot)}"/>\n` +
  '</XRD>\n';
