import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_TEXT } from '@keymarket/contracts/system-settings';
import { AppError } from '../../lib/app-error';
import type { SystemSettingsCache } from '../../lib/settings';
import { isAdmin } from '../access/policy';

/**
 * What still answers during maintenance, so an admin can sign in and the web app can show its
 * maintenance page: health probes, the settings themselves, sign-in, refresh, logout and role.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/system-settings',
  'POST /api/auth/login',
  'GET /api/auth/refresh',
  'GET /api/auth/logout',
  'GET /api/users/me/role',
]);

/**
 * While maintenance mode is on, every /api request from a non-admin gets 503 `maintenance`.
 * An onRequest hook that must be added after access control (it reads `request.auth`) and before
 * the /api routes are registered, so it covers all of them.
 */
export function registerMaintenanceGate(app: FastifyInstance, settings: SystemSettingsCache) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === undefined) return; // not an /api route
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (OPEN_DURING_MAINTENANCE.has(`${method} ${request.routeOptions.url}`)) return;
    if (isAdmin(request.auth)) return;
    if ((await settings.read()).maintenanceMode)
      throw new AppError('maintenance', MAINTENANCE_TEXT);
  });
}
