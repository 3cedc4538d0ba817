import type { FastifyRequest } from 'fastify';
import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../../lib/app-error';

/** Who is calling: set on the request by access control (plugins/app/access.ts), read by services. */
export interface AuthContext {
  userId: string;
  role: Role;
  /** The web session of a cookie caller; absent for an API key's. */
  sessionId?: string;
  /** The key an /api/v1 caller authenticated with; absent for a session's. */
  apiKeyId?: string;
  /** An administrator without two-factor sign-in while the platform requires it. */
  twoFactorSetupRequired?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller of a route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Please sign in');
  return request.auth;
}
