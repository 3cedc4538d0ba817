import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  systemSettingsResponseSchema,
  type SystemSettingsView,
} from '@keymarket/contracts/system-settings';
import { auditLog } from '../src/db/schema/index';
import { SystemSettingsCache } from '../src/lib/settings';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { login, setSystemSettings } from './helpers/signup';
import { useSignedIn, useTestApp } from './helpers/use-app';

const MAINTENANCE_TEXT = 'The platform is under maintenance. Please try again later.';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const put = (as: SignedInUser, payload: unknown) =>
  as.inject({ method: 'PUT', url: '/api/system-settings', payload: payload as object });

async function settingsSeenBy(as?: SignedInUser): Promise<SystemSettingsView> {
  const request = { method: 'GET' as const, url: '/api/system-settings' };
  const response = await (as ? as.inject(request) : ctx.app.inject(request));
  expect(response.statusCode, response.body).toBe(200);
  return systemSettingsResponseSchema.strict().parse(response.json());
}

async function saved(payload: object): Promise<SystemSettingsView> {
  const response = await put(admin, payload);
  expect(response.statusCode, response.body).toBe(200);
  return systemSettingsResponseSchema.strict().parse(response.json());
}

describe('GET /api/system-settings', () => {
  it('answers the defaults publicly, with signupApproval for admins only', async () => {
    const publicView = {
      siteName: 'Keymarket',
      maintenanceMode: false,
      registrationOpen: true,
      defaultLanguage: 'en',
      supportContact: '',
      // No SMTP_URL in this app: no forgotten-password flow.
      passwordReset: false,
    };
    expect(await settingsSeenBy()).toEqual(publicView);
    expect(await settingsSeenBy(manager)).toEqual(publicView);
    expect(await settingsSeenBy(reseller)).toEqual(publicView);
    expect(await settingsSeenBy(admin)).toEqual({
      ...publicView,
      signupApproval: false,
      adminTwoFactorRequired: false,
      lowStockThreshold: 5,
    });
  });
});

describe('PUT /api/system-settings', () => {
  it('changes only the settings sent, and audits before and after', async () => {
    const view = await saved({ siteName: '  Key Shop  ', defaultLanguage: 'ar' });
    expect(view).toMatchObject({
      siteName: 'Key Shop',
      defaultLanguage: 'ar',
      signupApproval: false,
    });
    const next = await saved({ signupApproval: true, supportContact: 'help@keyshop.example' });
    expect(next).toEqual({
      siteName: 'Key Shop',
      maintenanceMode: false,
      registrationOpen: true,
      defaultLanguage: 'ar',
      supportContact: 'help@keyshop.example',
      passwordReset: false,
      signupApproval: true,
      adminTwoFactorRequired: false,
      lowStockThreshold: 5,
    });
    expect((await settingsSeenBy()).signupApproval).toBeUndefined();
    expect((await settingsSeenBy()).adminTwoFactorRequired).toBeUndefined();
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.system.update'));
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ signupApproval: false });
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ signupApproval: true });
    await saved({ signupApproval: false, defaultLanguage: 'en' });
  });

  it.each([
    ['an unknown setting', { theme: 'dark' }, 'body.theme'],
    ['an unknown language', { defaultLanguage: 'de' }, 'body.defaultLanguage'],
    ['a blank site name', { siteName: '   ' }, 'body.siteName'],
    ['a negative low-stock threshold', { lowStockThreshold: -1 }, 'body.lowStockThreshold'],
    ['a fractional low-stock threshold', { lowStockThreshold: 2.5 }, 'body.lowStockThreshold'],
    ['a boolean sent as text', { maintenanceMode: 'true' }, 'body.maintenanceMode'],
    ['an over-long support contact', { supportContact: 'a'.repeat(201) }, 'body.supportContact'],
    ['nothing to change', {}, 'body'],
  ])('refuses %s (400)', async (_, payload, path) => {
    const before = await settingsSeenBy(admin);
    expectValidation(await put(admin, payload), path);
    expect(await settingsSeenBy(admin)).toEqual(before);
  });

  it('lets only admins change settings (manager and reseller 403, anonymous 401)', async () => {
    expectError(await put(manager, { siteName: 'Hacked' }), 403, 'forbidden');
    expectError(await put(reseller, { maintenanceMode: true }), 403, 'forbidden');
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/system-settings',
      payload: { siteName: 'Hacked' },
    });
    expectError(anonymous, 401, 'unauthorized');
    expect((await settingsSeenBy()).siteName).not.toBe('Hacked');
  });
});

describe('maintenance mode', () => {
  it('answers 503 to non-admins on every other /api route, and lets admins work', async () => {
    await saved({ maintenanceMode: true });
    try {
      for (const user of [manager, reseller]) {
        for (const url of ['/api/users/me', '/api/currencies', '/api/tickets/my-tickets']) {
          const response = await user.inject({ method: 'GET', url });
          expectError(response, 503, 'maintenance', MAINTENANCE_TEXT);
        }
        const write = await user.inject({
          method: 'POST',
          url: '/api/tickets/create',
          payload: { subject: 'Broken order', message: 'Please have a look at it.' },
        });
        expectError(write, 503, 'maintenance');
      }
      expectError(await ctx.app.inject({ method: 'GET', url: '/api/faqs' }), 503, 'maintenance');

      for (const url of ['/api/users/me', '/api/currencies', '/api/faqs', '/api/audit']) {
        const response = await admin.inject({ method: 'GET', url });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
    } finally {
      await saved({ maintenanceMode: false });
    }
    expect((await reseller.inject({ method: 'GET', url: '/api/currencies' })).statusCode).toBe(200);
  });

  it('keeps health, settings, sign-in, refresh, logout and role open to everyone', async () => {
    await saved({ maintenanceMode: true });
    try {
      for (const url of ['/api/health', '/api/ready', '/api/system-settings']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
      expect((await settingsSeenBy(reseller)).maintenanceMode).toBe(true);

      const user = await ctx.factory.user({ role: 'reseller', invitedBy: manager.user });
      const signIn = await login(ctx, user.username, 'Passw0rd!');
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const as = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

      const role = await as('/api/users/me/role');
      expect(role.statusCode, role.body).toBe(200);
      expect(role.json()).toEqual({ role: 'reseller' });
      expectError(await as('/api/users/me'), 503, 'maintenance');
      expect((await as('/api/auth/refresh')).statusCode).toBe(200);
      expect((await as('/api/auth/logout')).statusCode).toBe(200);

      // An admin can still sign in and switch maintenance off.
      const otherAdmin = await ctx.factory.user({ role: 'admin' });
      expect((await login(ctx, otherAdmin.username, 'Passw0rd!')).statusCode).toBe(200);
    } finally {
      await saved({ maintenanceMode: false });
    }
  });

  it('reads the switch at most once per TTL, so other instances converge within it', async () => {
    const cache = new SystemSettingsCache(ctx.database.db, 200);
    expect((await cache.read()).maintenanceMode).toBe(false);
    // Another instance saves the setting.
    await setSystemSettings(ctx, { maintenanceMode: true });
    expect((await cache.read()).maintenanceMode).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await cache.read()).maintenanceMode).toBe(true);
    await setSystemSettings(ctx, { maintenanceMode: false });
  });
});
