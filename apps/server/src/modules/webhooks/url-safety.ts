import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { messages, messageTemplates } from '@keymarket/contracts/messages';
import { blockListOf } from '../../lib/local-networks';

/** Every address a host name resolves to. Tests give their own (DNS rebinding). */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where a webhook may not go (DESIGN.md §9): the local networks (this host, private networks,
 * link-local with the cloud metadata at 169.254.169.254, CGNAT with Alibaba's at
 * 100.100.100.200), and multicast, reserved, documentation and NAT64/6to4 ranges. An IPv4-mapped IPv6 address is checked as its IPv4 address.
 */
const refused = blockListOf({
  ipv4: [
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ],
  ipv6: [
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['fec0::', 10],
    ['ff00::', 8],
  ],
});

/** `a.b.c.d` of an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | undefined {
  // The URL parser writes any IPv6 address in one canonical form (`::ffff:7f00:1`).
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const match = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match?.[1] || !match[2]) return undefined;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP literal) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return !refused.check(v4, 'ipv4');
  return !refused.check(address, 'ipv6');
}

export class UnsafeUrlError extends Error {}

/** The host of `url` without an IPv6 literal's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Refuses what a webhook may not be sent to: another scheme than https (http too when private
 * addresses are allowed), a user name or password in the URL, and a host that is, or resolves to,
 * an address that is not public. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS) lifts the address
 * rules for development and tests.
 */
export async function checkWebhookUrl(
  url: URL,
  options: { allowPrivate: boolean; resolve: ResolveHost },
): Promise<void> {
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new UnsafeUrlError(messages.webhookUrlHttps);
  }
  if (url.username || url.password) {
    throw new UnsafeUrlError(messages.webhookUrlCredentials);
  }
  if (options.allowPrivate) return;
  await publicAddressesOf(hostOf(url), options.resolve);
}

/** The addresses `host` resolves to, all public; refused otherwise. */
async function publicAddressesOf(
  host: string,
  resolve: ResolveHost,
): Promise<{ address: string; family: number }[]> {
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw privateAddress(host, host);
    return [{ address: host, family: isIP(host) }];
  }
  // A failed lookup and one that answers no address are the same to the reader: no such host.
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) {
    throw new UnsafeUrlError(messageTemplates.webhookHostUnresolved.text({ host }));
  }
  const inside = addresses.find((a) => !isPublicAddress(a.address));
  if (inside) throw privateAddress(host, inside.address);
  return addresses;
}

/**
 * The refusal of a private address. A name's address is not told: any user may save a URL, and
 * "db.internal (10.0.3.7)" would map the platform's own network for them (found in review).
 */
function privateAddress(host: string, address: string) {
  const what = host === address ? `${host} is` : `${host} resolves to`;
  return new UnsafeUrlError(
    `${what} a private, loopback or reserved address: webhooks are sent to public addresses only`,
  );
}

/**
 * The `lookup` of a webhook's connection: resolves the host itself and checks every address it
 * got, then connects to a checked one, so a name that changed its answer since it was saved (DNS
 * rebinding) still cannot reach inside.
 */
export function checkedLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    publicAddressesOf(hostname, resolve).then(
      (addresses) => {
        const wanted = addresses.filter((a) => !options.family || a.family === options.family);
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) {
          callback(null, usable);
          return;
        }
        const [first] = usable;
        if (first) callback(null, first.address, first.family);
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '', 0);
      },
    );
  };
}

export { hostOf };
