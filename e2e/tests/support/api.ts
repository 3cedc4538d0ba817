import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { ADMIN } from '../../playwright.config';

export { ADMIN };

export type Role = 'admin' | 'manager' | 'reseller';
export type GrantableRole = 'manager' | 'reseller';

/** A user the tests created, with what it takes to sign in again. */
export type TestUser = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
};

export const TEST_PASSWORD = 'E2e-Test-Passw0rd!';

let counter = 0;

/** A short, unique, username-safe suffix: tests never share accounts, even across retries. */
export function uniqueSuffix(): string {
  counter += 1;
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `${Date.now().toString(36)}${counter.toString(36)}${random}`;
}

/** A phone number in E.164 that no other test user has (French mobile range). */
export function uniquePhone(): string {
  const digits = `${Date.now() % 1e7}`.padStart(7, '0');
  const extra = Math.floor(Math.random() * 100)
    .toString()
    .padStart(2, '0');
  return `+336${extra.slice(0, 1)}${digits}${extra.slice(1)}`;
}

/** Fails with the server's body, which says why, instead of a bare status code. */
export async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  }
}

export async function jsonOf<T>(response: APIResponse, what: string): Promise<T> {
  await expectOk(response, what);
  return (await response.json()) as T;
}

/** The site's name as the settings hold it now: tab titles end with it. */
export async function readSiteName(admin: APIRequestContext): Promise<string> {
  const { siteName } = await jsonOf<{ siteName: string }>(
    await admin.get('/api/system-settings'),
    'Reading the site name',
  );
  return siteName;
}

/**
 * A request context of its own (its own cookie jar), signed in as `identifier`. Used to act as
 * admin behind the back of the browser under test.
 */
export async function apiSignedInAs(
  baseURL: string,
  identifier: string,
  password: string,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/auth/login', { data: { identifier, password } });
  await expectOk(response, `API sign-in of ${identifier}`);
  return api;
}

export function adminApi(baseURL: string): Promise<APIRequestContext> {
  return apiSignedInAs(baseURL, ADMIN.username, ADMIN.password);
}

export type Invitation = {
  id: string;
  code: string;
  role: GrantableRole;
  status: 'unused' | 'used' | 'expired' | 'pending';
};

export async function generateCode(
  api: APIRequestContext,
  role: GrantableRole,
  expiryDays = 7,
): Promise<Invitation> {
  const response = await api.post('/api/invitations/generate', { data: { expiryDays, role } });
  return jsonOf<Invitation>(response, `Generating a ${role} code`);
}

/** Fresh account details; nothing is sent. */
export function newAccount(prefix = 'e2e'): Omit<TestUser, 'id' | 'role'> {
  const suffix = uniqueSuffix();
  return {
    username: `${prefix}_${suffix}`,
    firstName: 'Test',
    lastName: `User ${suffix}`,
    email: `${prefix}.${suffix}@example.test`,
    phone: uniquePhone(),
    password: TEST_PASSWORD,
  };
}

/**
 * Creates a user through the public API: `inviter` generates a code, a throw-away context
 * registers with it. The browser under test stays signed out.
 */
export async function createUser(
  baseURL: string,
  inviter: APIRequestContext,
  role: GrantableRole,
  prefix: string = role,
): Promise<TestUser> {
  const invitation = await generateCode(inviter, role);
  const account = newAccount(prefix);
  const anonymous = await request.newContext({ baseURL });
  try {
    const response = await anonymous.post('/api/auth/register', {
      data: { ...account, confirmPassword: account.password, inviteCode: invitation.code },
    });
    const body = await jsonOf<{ user: { id: string; role: Role }; pendingApproval: boolean }>(
      response,
      `Registering ${account.username}`,
    );
    expect(body.pendingApproval).toBe(false);
    return { ...account, id: body.user.id, role: body.user.role };
  } finally {
    await anonymous.dispose();
  }
}

/** Credits a user's balance (admin only). */
export async function deposit(api: APIRequestContext, userId: string, amount: number) {
  await expectOk(
    await api.post(`/api/balance/${userId}/add`, { data: { amount } }),
    `Depositing ${amount} for ${userId}`,
  );
}
