import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_TEXT } from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readSystemSettings } from '../../lib/settings';

/**
 * The maintenance switch, read at most once per `ttlMs` so the gate costs no query per request.
 * Each instance keeps its own copy: the instance that saves the setting sees it at once, every
 * other instance within `ttlMs` (2 s), which is the window in which they may disagree.
 */
export class MaintenanceFlag {
  private cached: { on: boolean; expiresAtMs: number } | undefined;
  private reading: Promise<boolean> | undefined;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 2000,
  ) {}

  async isOn(): Promise<boolean> {
    if (this.cached && Date.now() < this.cached.expiresAtMs) return this.cached.on;
    // One read in flight at a time: a burst of requests after expiry shares it.
    this.reading ??= readSystemSettings(this.db)
      .then(({ maintenanceMode }) => {
        this.remember(maintenanceMode);
        return maintenanceMode;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** Called by the instance that just saved the setting. */
  remember(on: boolean) {
    this.cached = { on, expiresAtMs: Date.now() + this.ttlMs };
  }
}

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
export function registerMaintenanceGate(app: FastifyInstance, flag: MaintenanceFlag) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === undefined) return; // not an /api route
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (OPEN_DURING_MAINTENANCE.has(`${method} ${request.routeOptions.url}`)) return;
    if (request.auth?.role === 'admin') return;
    if (await flag.isOn()) throw new AppError('maintenance', MAINTENANCE_TEXT);
  });
}
