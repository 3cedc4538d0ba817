import { describe, expect, it } from 'vitest';
import { allowedAddressSchema } from './integration';
import { messages } from './messages';

const refusal = (entry: string) => allowedAddressSchema.safeParse(entry).error?.issues[0]?.message;

describe('an allowed address', () => {
  it('is refused as IPv4-mapped however it is spelt', () => {
    for (const entry of [
      '::ffff:203.0.113.7',
      '::FFFF:cb00:7107',
      '0::ffff:127.0.0.1',
      '0:0:0:0:0:ffff:0:0/96',
      '0000:0000::ffff:0:0/96',
      '::ffff:0.0.0.0/96',
    ]) {
      expect(refusal(entry), entry).toBe(messages.apiKeyAddressMapped);
    }
  });

  it('takes IPv6 addresses and ranges next to the mapped block, which are not in it', () => {
    for (const entry of ['::1', '::ffff:1:2:3', '0:0:0:0:1:ffff:0:0', '2001:db8::/32', '::/64']) {
      expect(allowedAddressSchema.safeParse(entry).success, entry).toBe(true);
    }
  });
});
