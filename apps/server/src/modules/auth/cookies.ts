import type { FastifyReply, FastifyRequest } from 'fastify';

export const ACCESS_COOKIE = 'km_access';
export const REFRESH_COOKIE = 'km_refresh';
/** The refresh token only travels to the auth routes that use it. */
const REFRESH_PATH = '/api/auth';

export interface IssuedTokens {
  accessToken: string;
  accessTtlSeconds: number;
  refreshToken: string;
  refreshTtlSeconds: number;
}

function baseOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
) {
  const base = baseOptions(request);
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base,
    path: '/api',
    maxAge: tokens.accessTtlSeconds,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    path: REFRESH_PATH,
    maxAge: tokens.refreshTtlSeconds,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = baseOptions(request);
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/api' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
}
