import { describe, expect, it } from 'vitest';
import {
  bannedCountryListSchema,
  bannedCountrySchema,
  COUNTRY_CODES,
  type BannedCountry,
} from '@keymarket/contracts/settings';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { generateCode, login, register, signupPayload } from './helpers/signup';
import { auditRowsFor } from './helpers/users';
import { useSignedIn, useTestApp } from './helpers/use-app';

const BLOCKED_TEXT = 'Access from your country is not available';

const ctx = useTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const ban = (as: SignedInUser, countryCode: unknown) =>
  as.inject({ method: 'POST', url: '/api/banned-countries/ban', payload: { countryCode } });
const unban = (as: SignedInUser, id: string) =>
  as.inject({ method: 'DELETE', url: `/api/banned-countries/unban/${id}` });

async function banned(code: string): Promise<BannedCountry> {
  const response = await ban(admin, code);
  expect(response.statusCode, response.body).toBe(201);
  return bannedCountrySchema.strict().parse(response.json());
}

async function list(): Promise<BannedCountry[]> {
  const response = await admin.inject({ method: 'GET', url: '/api/banned-countries/banned' });
  expect(response.statusCode, response.body).toBe(200);
  return bannedCountryListSchema.strict().parse(response.json()).countries;
}

const from = (country: string) => ({ headers: { 'cf-ipcountry': country } });

describe('banned countries', () => {
  it('ships the 249 ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['FR', 'US', 'KP', 'AX', 'SS']));
  });

  it('bans (normalising case), lists, refuses a second ban (409), and unbans; audited', async () => {
    const row = await banned('ru');
    expect(row.countryCode).toBe('RU');
    expect((await list()).map((c) => c.countryCode)).toContain('RU');
    expectError(await ban(admin, 'RU'), 409, 'conflict');
    const response = await unban(admin, row.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await list()).map((c) => c.countryCode)).not.toContain('RU');
    expectError(await unban(admin, row.id), 404, 'not_found');
    const actions = (await auditRowsFor(admin, row.id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['banned_country.ban', 'banned_country.unban']));
  });

  it.each([
    ['an unassigned code', 'XX'],
    ['Kosovo (user-assigned, not ISO)', 'XK'],
    ['an alpha-3 code', 'FRA'],
    ['a number', 33],
    ['an empty string', ''],
  ])('refuses %s (400)', async (_, code) => {
    expectValidation(await ban(admin, code), 'body.countryCode');
  });

  it('lets only admins list, ban and unban', async () => {
    const row = await banned('BY');
    for (const request of [
      { method: 'GET' as const, url: '/api/banned-countries/banned' },
      { method: 'POST' as const, url: '/api/banned-countries/ban', payload: { countryCode: 'IR' } },
      { method: 'DELETE' as const, url: `/api/banned-countries/unban/${row.id}` },
    ]) {
      expectError(await manager.inject(request), 403, 'forbidden');
      expectError(await reseller.inject(request), 403, 'forbidden');
      expectError(await ctx.app.inject(request), 401, 'unauthorized');
    }
    expect((await list()).map((c) => c.countryCode)).toEqual(['BY']);
    await unban(admin, row.id);
  });
});

describe('register and login from a banned country', () => {
  it('refuses register (403 country_blocked) and consumes no code', async () => {
    const row = await banned('KP');
    const code = await generateCode(admin);
    const refused = await register(ctx, signupPayload(code.code), from('kp'));
    expectError(refused, 403, 'country_blocked', BLOCKED_TEXT);
    // The same code still works from elsewhere, and without a country header at all.
    const elsewhere = await register(ctx, signupPayload(code.code), from('FR'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    await unban(admin, row.id);
  });

  it('refuses login (403 country_blocked) whatever the credentials, and allows it once unbanned', async () => {
    const user = await ctx.factory.user({ role: 'reseller', invitedBy: manager.user });
    const row = await banned('IR');
    expectError(await login(ctx, user.username, 'Passw0rd!', from('IR')), 403, 'country_blocked');
    expectError(await login(ctx, user.username, 'wrong', from('IR')), 403, 'country_blocked');
    expectError(await login(ctx, 'nobody_here', 'wrong', from('IR')), 403, 'country_blocked');
    expect((await login(ctx, user.username, 'Passw0rd!', from('DE'))).statusCode).toBe(200);
    expect((await login(ctx, user.username, 'Passw0rd!')).statusCode).toBe(200);
    await unban(admin, row.id);
    expect((await login(ctx, user.username, 'Passw0rd!', from('IR'))).statusCode).toBe(200);
  });
});
