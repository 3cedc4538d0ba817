import { describe, expect, it } from 'vitest';
import { messageTemplateOf, messageTemplates } from '@keymarket/contracts/messages';
import { checkWebhookUrl, isPublicAddress, UnsafeUrlError } from './url-safety';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.100.100.200', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd00:ec2::254', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::7f00:1', false],
    // IPv4-translated (RFC 6145): the hand-kept list of ranges let it through.
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:a00:1', false],
    // IPv4-compatible (deprecated), whatever the address inside: not global unicast.
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['2001:db8::1', false],
    ['2001::1', false],
    ['2002:7f00:1::1', false],
    ['ff02::1', false],
    ['fec0::1', false],
    ['100::1', false],
    ['::1:0:0:1', false],
    ['192.0.2.10', false],
    ['198.18.0.1', false],
    ['240.0.0.1', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['93.184.216.34', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkWebhookUrl', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const expectRefused = (url: string, resolve = resolvesTo('93.184.216.34')) =>
    expect(checkWebhookUrl(new URL(url), { allowPrivate: false, resolve })).rejects.toThrow(
      UnsafeUrlError,
    );

  it('accepts https to a name resolving to public addresses only', async () => {
    await expect(
      checkWebhookUrl(new URL('https://shop.example/hooks'), {
        allowPrivate: false,
        resolve: resolvesTo('93.184.216.34', '2606:4700:4700::1111'),
      }),
    ).resolves.toBeUndefined();
  });

  it('refuses http, credentials, private literals, and a name with any private address', async () => {
    await expectRefused('http://shop.example/hooks');
    await expectRefused('https://user:pass@shop.example/hooks');
    await expectRefused('https://127.0.0.1/hooks');
    await expectRefused('https://[::1]/hooks');
    await expectRefused('https://[::ffff:127.0.0.1]/hooks');
    await expectRefused('https://169.254.169.254/latest/meta-data');
    await expectRefused('https://shop.example/hooks', resolvesTo('93.184.216.34', '10.0.0.5'));
    await expectRefused('https://shop.example/hooks', async () => {
      throw new Error('ENOTFOUND');
    });
  });

  it('names a host that resolves to nothing in the contract template the web translates', async () => {
    const check = checkWebhookUrl(new URL('https://shop.exmaple.com/hooks'), {
      allowPrivate: false,
      resolve: async () => [],
    });
    await expect(check).rejects.toThrow(
      messageTemplates.webhookHostUnresolved.text({ host: 'shop.exmaple.com' }),
    );
    const error = (await check.catch((e: unknown) => e)) as Error;
    expect(messageTemplateOf(error.message)).toEqual({
      key: 'webhookHostUnresolved',
      values: { host: 'shop.exmaple.com' },
    });
  });

  it('allows http and private addresses when told to (development, tests)', async () => {
    await expect(
      checkWebhookUrl(new URL('http://127.0.0.1:8080/hooks'), {
        allowPrivate: true,
        resolve: resolvesTo('127.0.0.1'),
      }),
    ).resolves.toBeUndefined();
  });
});
