/**
 * @module server/is-loopback
 * Whether a listen address is a loopback address (plain HTTP is allowed only there).
 */
import { isIP } from 'node:net';

/** True for `localhost`, 127.0.0.0/8 and ::1 (also as IPv4-mapped ::ffff:127.x.y.z). */
export const isLoopbackHost = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || /^(0+:){7}0*1$/.test(bare);
  return false;
};
