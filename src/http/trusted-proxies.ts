/**
 * @module http/trusted-proxies
 * Which peers are reverse proxies whose forwarding header tells the real client address, and
 * that address. A client can write any `X-Forwarded-For` or `Forwarded` it likes, so the header
 * is read only when the connection comes from a configured proxy, and then from the right: the
 * nearest address that is not itself a trusted proxy is the client. Without proxies configured,
 * the client is the TCP peer.
 * @see RFC 7239 §7.4 (the header can be forged; only trust what a known proxy added)
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { type ForwardedHeader, forwardedChain } from './forwarded-for.ts';

/** Options of {@link TrustedProxies}. */
export interface TrustedProxiesOptions {
  /** The header the proxies write (default `x-forwarded-for`); the other one is ignored. */
  readonly header?: ForwardedHeader;
}

/** A configured proxy address or network that is not one. */
export class TrustedProxyError extends Error {
  constructor(text: string) {
    super(`not an IP address or address/prefix-length network: ${JSON.stringify(text)}`);
    this.name = 'TrustedProxyError';
  }
}

/** The trusted reverse proxies of the management port. */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #header: ForwardedHeader;
  readonly #count: number;

  /**
   * `entries` are addresses (`192.0.2.10`, `2001:db8::1`) or networks in CIDR notation
   * (`10.0.0.0/8`, `fd00::/8`). @throws TrustedProxyError for anything else
   */
  constructor(entries: readonly string[], options: TrustedProxiesOptions = {}) {
    for (const entry of entries) addEntry(this.#list, entry);
    this.#count = entries.length;
    this.#header = options.header ?? 'x-forwarded-for';
  }

  /** True when no proxy is configured (every client is its TCP peer). */
  get empty(): boolean {
    return this.#count === 0;
  }

  /** True when `address` is a trusted proxy. */
  has(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The client address of `request`: the peer, or — when the peer is a trusted proxy — the
   * nearest address of the forwarding chain that is not a trusted proxy. A node that is no
   * address stops the walk: an obfuscated identifier (`_…`) is then the client; `unknown` or
   * garbage leaves the nearest proxy as the client.
   */
  clientAddress(request: Pick<IncomingMessage, 'headers' | 'socket'>): string {
    let client = request.socket.remoteAddress ?? 'unknown';
    if (!this.has(client)) return client;
    const chain = forwardedChain(request, this.#header);
    for (let index = chain.length - 1; index >= 0; index--) {
      const node = chain[index] as string;
      if (isIP(node) === 0) return node.startsWith('_') ? node : client;
      client = node;
      if (!this.has(node)) return node;
    }
    return client;
  }
}

const addEntry = (list: BlockList, entry: string): void => {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const family = isIP(address);
  if (family === 0) throw new TrustedProxyError(entry);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (slash < 0) {
    list.addAddress(address, type);
    return;
  }
  const prefixText = text.slice(slash + 1);
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) throw new TrustedProxyError(entry);
  list.addSubnet(address, prefix, type);
};
