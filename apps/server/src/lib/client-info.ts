import type { FastifyRequest } from 'fastify';
import { countryOfAddress } from './geoip';

/** Who is asking, as the request shows it: sessions, sign-in limits and banned countries read it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  country: string | null;
}

/** Where the client's country comes from (COUNTRY_HEADER and GEOIP in env.ts). */
export interface CountrySource {
  /** A header set by a trusted CDN; when configured it is the only source. */
  header?: string;
  /** Look the client's address up in the bundled GeoIP database when no header is configured. */
  geoip: boolean;
}

/**
 * Who is calling: address (behind TRUST_PROXY, the forwarded one), user agent, and country from a
 * trusted CDN header when one is configured, else from the address.
 */
export function clientInfoOf(request: FastifyRequest, countrySource: CountrySource): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
    country: countryOf(request, countrySource),
  };
}

function countryOf(request: FastifyRequest, { header, geoip }: CountrySource): string | null {
  if (header) {
    const raw = request.headers[header.toLowerCase()];
    return typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
  }
  return geoip ? countryOfAddress(request.ip) : null;
}
