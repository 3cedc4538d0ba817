import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { messages, messageTemplates } from '@keymarket/contracts/messages';

/** Every address a host name resolves to. Tests give their own (DNS rebinding). */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** IANA's global unicast allocation: the rest of the IPv6 space is reserved or special-purpose. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP literal) is one a webhook may be sent to (DESIGN.md §9): a public
 * unicast address, as `ipaddr.js` classifies the IANA special-purpose registries (loopback,
 * private, link-local with the cloud metadata at 169.254.169.254, CGNAT with Alibaba's at
 * 100.100.100.200, unique-local with AWS's fd00:ec2::254, multicast, documentation, benchmark,
 * NAT64, 6to4, Teredo, IPv4-translated `::ffff:0:a.b.c.d`...), rather than a hand-kept list of
 * ranges, which missed the IPv4-translated block. An IPv4-mapped address (`::ffff:a.b.c.d`) is
 * the IPv4 address itself to a dual-stack socket, so it is judged as that address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // Node's URL parser writes IPv6 in one canonical form: ipaddr.js reads `::a.b.c.d` (IPv4-
  // compatible, a different address) as IPv4-mapped, but not its canonical `::xxxx:xxxx`.
  const parsed = ipaddr.parse(family === 6 ? canonicalIpv6(address) : address);
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
    return ipv6.range() === 'unicast' && ipv6.match(GLOBAL_UNICAST_IPV6);
  }
  return parsed.range() === 'unicast';
}

function canonicalIpv6(address: string): string {
  return new URL(`http://[${address}]`).hostname.slice(1, -1);
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
  checkUrlForm(url, options.allowPrivate);
  if (options.allowPrivate) return;
  await publicAddressesOf(hostOf(url), options.resolve);
}

/**
 * The rules that need no lookup: the scheme and no credentials. Checked when a URL is saved and
 * again before each connection, since the instance that saved it may have allowed http
 * (WEBHOOK_ALLOW_PRIVATE_URLS) where the one sending does not.
 */
export function checkUrlForm(url: URL, allowPrivate: boolean): void {
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new UnsafeUrlError(messages.webhookUrlHttps);
  }
  if (url.username || url.password) {
    throw new UnsafeUrlError(messages.webhookUrlCredentials);
  }
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
