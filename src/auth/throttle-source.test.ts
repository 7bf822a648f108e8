import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { throttleSource } from './throttle-source.ts';

describe('throttleSource', () => {
  const cases: [string, string][] = [
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['_hidden', '_hidden'],
    ['unknown', 'unknown'],
  ];
  for (const [address, expected] of cases) it(address, () => assert.equal(throttleSource(address), expected));
});
