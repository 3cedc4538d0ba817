import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RegisterRequest } from '@keymarket/contracts/auth';
import type { GenerateInvitationRequest, Invitation } from '@keymarket/contracts/invitations';
import { invitations, settings } from '../../src/db/schema/index';
import type { SystemSettings } from '@keymarket/contracts/system-settings';
import type { SignedInUser } from './factory';
import type { TestContext } from './test-app';

/** A password meeting every signup rule (not the factory's, so the two never get mixed up). */
export const SIGNUP_PASSWORD = 'Sign-up-Pass1';

/** A fresh code from POST /api/invitations/generate, as `creator`. */
export async function generateCode(
  creator: SignedInUser,
  body: GenerateInvitationRequest = { expiryDays: 7 },
): Promise<Invitation> {
  const response = await creator.inject({
    method: 'POST',
    url: '/api/invitations/generate',
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`generate failed: ${response.body}`);
  return response.json<Invitation>();
}

/** A valid registration body for `inviteCode` with a unique username and email. */
export function signupPayload(
  inviteCode: string,
  overrides: Partial<RegisterRequest> = {},
): RegisterRequest {
  const username = `new_${randomBytes(4).toString('hex')}`;
  return {
    username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${username}@example.test`,
    phone: '+33612345678',
    password: SIGNUP_PASSWORD,
    confirmPassword: SIGNUP_PASSWORD,
    inviteCode,
    ...overrides,
  };
}

/** POST /api/auth/register with `payload`. */
export function register(
  ctx: TestContext,
  payload: unknown,
  options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    ...options,
    method: 'POST',
    url: '/api/auth/register',
    payload: payload as object,
  });
}

/** POST /api/auth/login. */
export function login(
  ctx: TestContext,
  identifier: string,
  password: string,
  options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    ...options,
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
  });
}

/** Writes the 'system' settings row directly (the settings routes are another module's). */
export async function setSystemSettings(ctx: TestContext, values: Partial<SystemSettings>) {
  await ctx.database.db
    .insert(settings)
    .values({ key: 'system', value: values })
    .onConflictDoUpdate({ target: settings.key, set: { value: values } });
}

/** Moves a code's expiry into the past, as if its days had run out. */
export async function expireCode(ctx: TestContext, code: string) {
  await ctx.database.db
    .update(invitations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(invitations.code, code));
}

export interface SessionTokens {
  access: string;
  refresh: string;
}

/** The access and refresh tokens a response set as cookies. */
export function sessionTokensOf(response: LightMyRequestResponse): SessionTokens {
  const value = (name: string) => {
    const cookie = response.cookies.find((c) => c.name === name);
    if (!cookie?.value) throw new Error(`no ${name} cookie in ${JSON.stringify(response.cookies)}`);
    return cookie.value;
  };
  return { access: value('km_access'), refresh: value('km_refresh') };
}

/** Calls `url` carrying only the given cookies (browsers send km_refresh to /api/auth only). */
export function injectWith(
  ctx: TestContext,
  cookies: { access?: string; refresh?: string },
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const pairs = [
    cookies.access !== undefined ? `km_access=${cookies.access}` : undefined,
    cookies.refresh !== undefined ? `km_refresh=${cookies.refresh}` : undefined,
  ].filter(Boolean);
  return ctx.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(pairs.length ? { cookie: pairs.join('; ') } : {}) },
  });
}
