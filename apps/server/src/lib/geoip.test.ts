import { describe, expect, it } from 'vitest';
import { countryOfAddress } from './geoip';

describe('countryOfAddress', () => {
  it.each([
    ['Google Public DNS', '8.8.8.8', 'US'],
    ['Google Public DNS over IPv6', '2001:4860:4860::8888', 'US'],
    ['an IPv4-mapped IPv6 address', '::ffff:8.8.8.8', 'US'],
    ['Orange France', '90.84.0.1', 'FR'],
    ['Deutsche Telekom', '80.128.0.1', 'DE'],
  ])('finds the country of %s (%s)', (_, address, country) => {
    expect(countryOfAddress(address)).toBe(country);
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['a 10/8 private address', '10.1.2.3'],
    ['a 172.16/12 private address', '172.20.0.5'],
    ['a 192.168/16 private address', '192.168.1.10'],
    ['a carrier-grade NAT address', '100.64.0.1'],
    ['a link-local address', '169.254.10.1'],
    ['an IPv6 unique local address', 'fd12:3456::1'],
    ['an IPv6 link-local address', 'fe80::1'],
    ['something that is not an address', 'not-an-ip'],
  ])('has no country for %s', (_, address) => {
    expect(countryOfAddress(address)).toBeNull();
  });
});
