import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { blockListOf } from './local-networks';

interface CountryDatabase {
  lookup(address: string): { country: string } | null;
}

/**
 * Addresses that belong to no country: loopback, private networks, link-local, carrier-grade NAT
 * and the unspecified address. Answering them here also means a server only reached from its own
 * network (and every test, which calls from 127.0.0.1) never loads the database.
 */
const NO_COUNTRY = blockListOf();

let database: CountryDatabase | undefined;

/**
 * geoip-country reads its two data files (about 8 MB, shipped inside the npm package) synchronously
 * when it is first required, which takes 140 to 190 ms on the 2-core machine. Loading it on the
 * first public address keeps that cost out of start-up and out of every test.
 */
function countryDatabase(): CountryDatabase {
  database ??= createRequire(import.meta.url)('geoip-country') as CountryDatabase;
  return database;
}

/** The ISO 3166-1 alpha-2 country of a client address, or null when it has none or is unknown. */
export function countryOfAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return null;
  if (NO_COUNTRY.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
  return countryDatabase().lookup(address)?.country ?? null;
}
