import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { generateCode, login, register, signupPayload } from './helpers/signup';
import { createTestApp, type TestContext } from './helpers/test-app';

/** Google Public DNS: a United States address in every GeoIP database. */
const US_ADDRESS = { remoteAddress: '8.8.8.8' };
const FRENCH_ADDRESS = { remoteAddress: '90.84.0.1' };

async function banCountry(admin: SignedInUser, countryCode: string) {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/banned-countries/ban',
    payload: { countryCode },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function countriesOf(ctx: TestContext, username: string) {
  const [row] = await ctx.database.db
    .select({ signup: users.signupCountry, lastLogin: users.lastLoginCountry })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

// One database for the three configurations: each extra app is another instance on it.
let ctx: TestContext;
let withHeader: TestContext;
let geoipOff: TestContext;
let admin: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  withHeader = await createTestApp({ COUNTRY_HEADER: 'cf-ipcountry' }, ctx.database);
  geoipOff = await createTestApp({ GEOIP: 'off' }, ctx.database);
  admin = await ctx.factory.signedIn('admin');
  await banCountry(admin, 'US');
});
afterAll(async () => {
  await withHeader.app.close();
  await geoipOff.app.close();
  await ctx.close();
});

describe('without COUNTRY_HEADER, the country comes from the address (GEOIP on by default)', () => {
  it('refuses register and login from an address of a banned country', async () => {
    const code = await generateCode(admin);
    expectError(await register(ctx, signupPayload(code.code), US_ADDRESS), 403, 'country_blocked');
    const user = await ctx.factory.user({ role: 'manager', invitedBy: admin.user });
    expectError(await login(ctx, user.username, 'Passw0rd!', US_ADDRESS), 403, 'country_blocked');
  });

  it('records the looked-up country at signup and sign-in', async () => {
    const code = await generateCode(admin);
    const payload = signupPayload(code.code);
    const registered = await register(ctx, payload, FRENCH_ADDRESS);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await countriesOf(ctx, payload.username)).toEqual({ signup: 'FR', lastLogin: 'FR' });
  });

  it('lets a private or loopback address through with no country', async () => {
    const user = await ctx.factory.user({ role: 'manager', invitedBy: admin.user });
    for (const remoteAddress of ['127.0.0.1', '10.0.0.7', '::1']) {
      const response = await login(ctx, user.username, 'Passw0rd!', { remoteAddress });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await countriesOf(ctx, user.username)).toEqual({ signup: null, lastLogin: null });
  });
});

describe('COUNTRY_HEADER, when configured, is the only source', () => {
  it('ignores the address, even one of a banned country', async () => {
    const user = await ctx.factory.user({ role: 'manager', invitedBy: admin.user });
    const germanHeader = { ...US_ADDRESS, headers: { 'cf-ipcountry': 'DE' } };
    expect((await login(withHeader, user.username, 'Passw0rd!', germanHeader)).statusCode).toBe(
      200,
    );
    expect((await countriesOf(ctx, user.username))?.lastLogin).toBe('DE');
    // No header on the request: unknown, not looked up.
    expect((await login(withHeader, user.username, 'Passw0rd!', US_ADDRESS)).statusCode).toBe(200);
    expect((await countriesOf(ctx, user.username))?.lastLogin).toBe('DE');
  });
});

describe('GEOIP=off', () => {
  it('looks nothing up: the country stays unknown and nobody is refused', async () => {
    const user = await ctx.factory.user({ role: 'manager', invitedBy: admin.user });
    expect((await login(geoipOff, user.username, 'Passw0rd!', US_ADDRESS)).statusCode).toBe(200);
    expect((await countriesOf(ctx, user.username))?.lastLogin).toBeNull();
  });
});
