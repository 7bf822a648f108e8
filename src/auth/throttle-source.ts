/**
 * @module auth/throttle-source
 * The source a failed login is counted against: the client's address, except that an IPv6
 * client counts by its /64 network (one host or household usually has a whole /64, so counting
 * single addresses would let it rotate through 2^64 of them), and an IPv4-mapped IPv6 address
 * counts as the IPv4 address it is.
 * @see RFC 4291 §2.5.1 (interface identifiers are 64 bits), RFC 4291 §2.5.5.2 (IPv4-mapped)
 */
import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address (already checked with isIPv6, no zone). */
const ipv6Groups = (address: string): number[] => {
  let text = address.toLowerCase();
  // An embedded IPv4 tail ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") is two groups.
  const tail = text.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (tail !== null) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
};

/**
 * The throttling source of `address`: an IPv4 address as it is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`), anything else (an obfuscated identifier, `unknown`) unchanged.
 */
export const throttleSource = (address: string): string => {
  const plain = address.replace(/%.*$/, '');
  const mapped = plain.match(IPV4_MAPPED);
  if (mapped !== null && isIPv4(mapped[1] as string)) return mapped[1] as string;
  if (!isIPv6(plain)) return address;
  const prefix = ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
};
