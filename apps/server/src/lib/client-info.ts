import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/auth.service';

/**
 * Who is calling: address (behind TRUST_PROXY, the forwarded one), user agent, and country from a
 * trusted CDN header when one is configured.
 */
export function clientInfoOf(
  request: FastifyRequest,
  countryHeader: string | undefined,
): ClientInfo {
  const rawCountry = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
  const country =
    typeof rawCountry === 'string' && /^[A-Za-z]{2}$/.test(rawCountry)
      ? rawCountry.toUpperCase()
      : null;
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 300) : null, country };
}
