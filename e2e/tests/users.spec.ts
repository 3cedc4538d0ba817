import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, createUser, deposit, expectOk, jsonOf } from './support/api';
import { expect, signInAs, signInThroughForm, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { namespaceText } from './support/locales';

/** A real 1×1 PNG: the server recognises pictures by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const balanceChip = (page: Page) => page.getByLabel('Your balance');

/** The Users table row of one user, found through the screen's own search. */
async function userRow(page: Page, username: string) {
  await page.getByLabel('Search users').fill(username);
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `@${username}` });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the row's action menu and picks `action`; answers the dialog it opened. */
async function chooseAction(page: Page, username: string, action: string, dialogName: string) {
  const row = await userRow(page, username);
  await row.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function balanceOf(api: APIRequestContext): Promise<number> {
  const me = await jsonOf<{ balance: { current: number } }>(await api.get('/api/users/me'), 'me');
  return me.balance.current;
}

test.describe('users', () => {
  test("a ban ends the reseller's open session and its sign-in shows the reason", async ({
    page,
    browser,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'banned');
    const reason = 'Chargebacks on three orders';

    // The reseller works in its own browser while the admin bans it.
    const resellerContext = await browser.newContext();
    const resellerPage = await resellerContext.newPage();
    await signInAs(resellerPage, reseller);
    await resellerPage.goto('/reseller/profile');
    await expect(resellerPage.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

    await signInAs(page, ADMIN);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const dialog = await chooseAction(page, reseller.username, 'Ban', 'Ban user');
    await dialog.getByRole('button', { name: 'Ban user' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(
      'Please provide a reason for the ban',
    );
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Ban user' }).click();
    await expect(page.getByText(`${reseller.username} has been banned`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(await userRow(page, reseller.username)).toContainText('Banned');

    // Its next request (a move to another screen) finds the session gone: back to sign-in.
    await resellerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(resellerPage).toHaveURL(/\/login\?redirect=%2Freseller%2Forders$/);
    await signInThroughForm(resellerPage, reseller.username, reseller.password);
    await expect(
      resellerPage.getByText(`Your account has been banned. Reason: ${reason}`),
    ).toBeVisible();
    await expect(resellerPage).toHaveURL(/\/login/);
    await resellerContext.close();
  });

  test('the admin adds balance to a user, who sees it', async ({
    page,
    browser,
    origin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'credited');

    await signInAs(page, ADMIN);
    await page.goto('/admin/users');
    const dialog = await chooseAction(page, reseller.username, 'Add balance', 'Add balance');
    await dialog.getByLabel('Amount (USD)').fill('12.345');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByLabel('Amount (USD)')).toHaveAccessibleDescription(
      'Amount must have at most 2 decimals',
    );
    await dialog.getByLabel('Amount (USD)').fill('25.5');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText(`Add $25.50 to the balance of ${reseller.username}?`);
    await dialog.getByRole('button', { name: 'Add $25.50' }).click();
    await expect(
      page.getByText(`$25.50 added. ${reseller.username} now has $25.50.`),
    ).toBeVisible();
    await expect(await userRow(page, reseller.username)).toContainText('$25.50');

    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    expect(await balanceOf(resellerApi)).toBe(25.5);
    await resellerApi.dispose();

    const resellerContext = await browser.newContext();
    const resellerPage = await resellerContext.newPage();
    await signInAs(resellerPage, reseller);
    await resellerPage.goto('/reseller/profile');
    await expect(balanceChip(resellerPage)).toContainText('$25.50');
    await resellerContext.close();
  });

  test('the status filter says "Inactive" and finds a suspended user (en 1366 px, ar 390 px)', async ({
    page,
    admin,
    makeUser,
  }) => {
    const idle = await makeUser('reseller', 'idle');
    await expectOk(await admin.put(`/api/users/suspend/${idle.id}`), 'Suspending a user');
    await signInAs(page, ADMIN);
    for (const look of [
      { language: 'en', width: 1366 },
      { language: 'ar', width: 390 },
    ] as const) {
      const users = (key: string) => namespaceText(look.language, 'users', key);
      await page.setViewportSize({ width: look.width, height: 844 });
      await page.addInitScript((language) => {
        window.localStorage.setItem('preferredLanguage', language);
      }, look.language);
      await page.goto('/admin/users');
      // "Inactive", as the dashboard and the specification say ("Suspended" before).
      const filter = page.getByRole('combobox', { name: users('list.statusFilter'), exact: true });
      const inactive = users('status.inactive');
      if (look.language === 'en') expect(inactive).toBe('Inactive');
      await filter.selectOption({ label: inactive });
      await expect(page).toHaveURL(/[?&]status=inactive\b/);
      await page.getByLabel(users('list.search')).fill(idle.username);
      const row = page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: `@${idle.username}` });
      await expect(row).toContainText(inactive);
      expect(await sidewaysOverflow(page)).toBe(0);
    }
  });

  test('a profile picture is uploaded and shown on the profile and in the top bar', async ({
    page,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'avatar');
    await signInAs(page, reseller);
    await page.goto('/reseller/profile');
    await expect(page.getByRole('button', { name: 'Change picture' })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });

    await expect(page.getByText('Your profile picture has been updated')).toBeVisible();
    const picture = page.getByRole('img', { name: 'Your profile picture' });
    await expect(picture).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
    const src = await picture.getAttribute('src');
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await expect(
      page.getByRole('button', { name: 'Account menu' }).locator(`img[src="${src}"]`),
    ).toBeVisible();

    // The picture stays after a reload: it comes from the server, not from the page.
    await page.reload();
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      src!,
    );
  });

  test('a manager transfers part of its balance to its reseller', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const manager = await makeUser('manager', 'giver');
    await deposit(admin, manager.id, 50);
    const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
    const reseller = await createUser(origin, managerApi, 'reseller', 'receiver');

    await signInAs(page, manager);
    await page.goto('/manager');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page.getByRole('heading', { name: 'My users', level: 1 })).toBeVisible();
    await expect(balanceChip(page)).toContainText('$50.00');

    const dialog = await chooseAction(
      page,
      reseller.username,
      'Transfer balance',
      'Transfer balance',
    );
    await dialog.getByLabel('Amount (USD)').fill('60');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByLabel('Amount (USD)')).toHaveAccessibleDescription(
      'Your balance is too low for this.',
    );
    await dialog.getByLabel('Amount (USD)').fill('20');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Transfer $20.00' }).click();

    await expect(
      page.getByText(`$20.00 transferred. ${reseller.username} now has $20.00.`),
    ).toBeVisible();
    await expect(balanceChip(page)).toContainText('$30.00');
    await expect(await userRow(page, reseller.username)).toContainText('$20.00');

    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    expect(await balanceOf(resellerApi)).toBe(20);
    expect(await balanceOf(managerApi)).toBe(30);
    await resellerApi.dispose();
    await managerApi.dispose();
  });
});
