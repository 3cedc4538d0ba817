import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, createUser, expectOk, type GrantableRole, type TestUser } from './api';

/** Creates a user invited by the admin, through the API (the `makeUser` fixture). */
export type MakeUser = (role: GrantableRole, prefix?: string) => Promise<TestUser>;

type Fixtures = {
  /** The origin the server under test listens on. */
  origin: string;
  /** An API context signed in as the bootstrap admin, separate from the page's cookies. */
  admin: APIRequestContext;
  makeUser: MakeUser;
};

export const test = base.extend<Fixtures>({
  origin: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(baseURL);
  },
  admin: async ({ origin }, use) => {
    const api = await adminApi(origin);
    await use(api);
    await api.dispose();
  },
  makeUser: async ({ origin, admin }, use) => {
    await use((role, prefix) => createUser(origin, admin, role, prefix));
  },
});

export { expect };

/** Fills and submits the real login form. */
export async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's browser context in through the API (the cookies land in the context), then
 * opens `path`. For tests whose subject is not the login form.
 */
export async function signInAs(page: Page, user: { username: string; password: string }) {
  const response = await page.request.post('/api/auth/login', {
    data: { identifier: user.username, password: user.password },
  });
  await expectOk(response, `Browser sign-in of ${user.username}`);
}

/** The area's own home (`/admin`, `/manager`, `/reseller`) and whatever it opens on. */
export function areaUrl(role: string): RegExp {
  return new RegExp(`/${role}(/[^?#]*)?$`);
}

/** Opens the account menu in the top bar and chooses "Log out", which asks for confirmation. */
export async function openLogoutDialog(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  return page.getByRole('dialog', { name: 'Log out?' });
}
