/**
 * @module restconf/stream-resource
 * Where the event streams are served: `{+restconf}/streams/<name>/<encoding>`, one location per
 * stream and encoding (`json`, `xml`), as `restconf-state/streams/stream/access/location` lists
 * them. RFC 8040 leaves the location to the server.
 * @see RFC 8040 §3.8, §6.2, §9.3
 */
import { ResourceNotFoundError } from '../errors/index.ts';
import type { Encoding } from './media-types.ts';
import { percentDecode } from './percent-decoding.ts';

/** The path segment below the API root that holds the stream locations. */
export const STREAMS_SEGMENT = 'streams';

/** The encodings every stream is offered in, as `access/encoding` names them. */
export const STREAM_ENCODINGS: readonly Encoding[] = ['xml', 'json'];

/** One stream location: the stream and the encoding of its notifications. @see RFC 8040 §3.8 */
export interface StreamTarget {
  readonly kind: 'stream';
  readonly name: string;
  readonly encoding: Encoding;
}

const isEncoding = (text: string): text is Encoding => (STREAM_ENCODINGS as readonly string[]).includes(text);

/**
 * Reads the part of a request path after `{+restconf}/streams` (`/NETCONF/json`).
 * @throws ResourceNotFoundError (404) for anything else
 */
export const parseStreamPath = (rest: string): StreamTarget => {
  const segments = rest.split('/');
  const [empty, name, encoding, ...more] = segments;
  if (
    empty !== '' ||
    name === undefined ||
    name === '' ||
    encoding === undefined ||
    more.length > 0 ||
    !isEncoding(encoding)
  )
    throw new ResourceNotFoundError(
      `no event stream location at this path; a stream is read at ${STREAMS_SEGMENT}/<name>/json or ${STREAMS_SEGMENT}/<name>/xml (see restconf-state/streams)`,
      { type: 'protocol' },
    );
  return { kind: 'stream', name: percentDecode(name, 'the stream name'), encoding };
};

/** The request path of a stream location below the API root `root`. */
export const streamPath = (root: string, name: string, encoding: Encoding): string =>
  `${root}/${STREAMS_SEGMENT}/${encodeURIComponent(name)}/${encoding}`;
