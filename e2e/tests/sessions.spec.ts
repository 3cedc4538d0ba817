import type { Browser, Page } from '@playwright/test';
import { ADMIN, type TestUser } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';
import { namespaceText } from './support/locales';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A browser of its own (its own cookies and user agent), signed in as `user`. */
async function deviceOf(browser: Browser, user: TestUser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** Whether the device's session still opens its area (else the app sends it to sign in). */
async function stillSignedIn(page: Page, role: string): Promise<boolean> {
  const response = await page.request.get('/api/users/me');
  if (response.status() === 401) {
    await page.goto(`/${role}/profile`);
    await expect(page).toHaveURL(/\/login/);
    return false;
  }
  return true;
}

const devicesList = (page: Page, language: 'en' | 'fr' | 'ar' = 'en') =>
  page.getByRole('list', { name: namespaceText(language, 'area', 'sessions.title') });

test('a reseller sees its devices in Profile and signs out the others', async ({
  page,
  browser,
  makeUser,
}) => {
  const reseller = await makeUser('reseller', 'devices');
  const phone = await deviceOf(browser, reseller, PHONE);
  const tablet = await deviceOf(browser, reseller, FIREFOX);
  await signInAs(page, reseller);
  await page.goto('/reseller/profile');

  const list = devicesList(page);
  // Signing up signed it in too: that device, the phone, Firefox and this one.
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const current = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  const phoneRow = list.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS 17.5' });
  await expect(phoneRow).toContainText('Active now');

  // One device: the phone.
  await phoneRow.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out this device?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.getByText('Safari 17 on iOS 17.5 is signed out')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect(await stillSignedIn(phone, 'reseller')).toBe(false);
  expect(await stillSignedIn(tablet, 'reseller')).toBe(true);

  // Every other device.
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out all other devices?' })
    .getByRole('button', { name: 'Sign out all other devices' })
    .click();
  await expect(page.getByText('All other devices are signed out')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
  expect(await stillSignedIn(tablet, 'reseller')).toBe(false);
  expect(await stillSignedIn(page, 'reseller')).toBe(true);
  await phone.context().close();
  await tablet.context().close();
});

test("an administrator signs a user out of every device from the user's profile, audited", async ({
  page,
  browser,
  makeUser,
}) => {
  const manager = await makeUser('manager', 'ended');
  const laptop = await deviceOf(browser, manager, LAPTOP);
  // Another user may not read or end them.
  expect((await laptop.request.get(`/api/users/${manager.id}/sessions`)).status()).toBe(403);

  await signInAs(page, ADMIN);
  await page.goto(`/admin/users/${manager.id}`);
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/tab=sessions/);
  const list = devicesList(page);
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Chrome 131 on Windows 10' }),
  ).toBeVisible();
  await expect(list).not.toContainText('This device');

  await page.getByRole('button', { name: 'Sign out of every device' }).click();
  await page
    .getByRole('dialog', { name: `Sign @${manager.username} out everywhere?` })
    .getByRole('button', { name: 'Sign out of every device' })
    .click();
  await expect(page.getByText(`@${manager.username} is signed out everywhere`)).toBeVisible();
  await expect(page.getByText('No device is signed in.')).toBeVisible();
  expect(await stillSignedIn(laptop, 'manager')).toBe(false);

  await page.goto('/admin/audit-log');
  await page.getByLabel('Action').selectOption('user.sessions_ended');
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1),
  ).toContainText('Signed out of devices by an administrator');
  await laptop.context().close();
});

test.describe('screens', () => {
  for (const look of sweep) {
    const name = lookName(look);
    test(`the Sessions screens in ${name}`, async ({ page, browser, makeUser }) => {
      const reseller = await makeUser('reseller', 'look');
      const phone = await deviceOf(browser, reseller, PHONE);
      await chooseSizedLook(page, look);
      await signInAs(page, reseller);
      await page.goto('/reseller/profile');
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      // Signing up signed it in too: that device, the phone and this one.
      await expect(devicesList(page, look.language).getByRole('listitem')).toHaveCount(3);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot(page, `sessions-profile-${name}`);
      await page.context().clearCookies();
      await signInAs(page, ADMIN);
      await page.goto(`/admin/users/${reseller.id}?tab=sessions`);
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(page.locator('[role=tabpanel] ul > li')).toHaveCount(3);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot(page, `sessions-admin-${name}`);
      await phone.context().close();
    });
  }
});
