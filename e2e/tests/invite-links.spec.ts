import { ADMIN } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';

test('a manager shares an invite link, and the invitee signs up from it with the code filled in', async ({
  page,
  browser,
  makeUser,
  origin,
}) => {
  const manager = await makeUser('manager', 'link');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, manager);
  await page.goto('/manager/generate-code');
  await page.getByRole('button', { name: 'Generate code' }).click();
  const code = (await page.getByRole('status').locator('code').textContent())!.trim();
  const link = `${origin}/signup?code=${code}`;

  const row = page.getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: `Copy invite link for ${code}` }).click();
  await expect(page.getByText(`Invite link for ${code} copied to the clipboard`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await row.getByRole('button', { name: `Show the invite link of ${code} as a QR code` }).click();
  const dialog = page.getByRole('dialog', { name: `Invite link for ${code}` });
  const qr = dialog.getByRole('img', { name: `QR code of the invite link for ${code}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog).toContainText(link);
  await shoot(page, 'invite-qr-en-dark-desktop');
  await page.keyboard.press('Escape');

  // Someone opening the link, signed out, finds the code already in the form.
  const visitor = await browser.newContext();
  const signup = await visitor.newPage();
  await signup.goto(link);
  await expect(signup.getByLabel('Invite code')).toHaveValue(code);
  await visitor.close();
});

test('an administrator sees every code of the platform with its creator and filters it', async ({
  page,
  makeUser,
}) => {
  const manager = await makeUser('manager', 'codes');
  await signInAs(page, manager);
  await page.goto('/manager/generate-code');
  await page.getByRole('button', { name: 'Generate code' }).click();
  const code = (await page.getByRole('status').locator('code').textContent())!.trim();
  // A manager has no tab of every code.
  await expect(page.getByRole('tab', { name: 'All codes' })).toHaveCount(0);
  expect((await page.request.get('/api/invitations/all')).status()).toBe(403);

  await page.context().clearCookies();
  await signInAs(page, ADMIN);
  await page.goto('/admin/generate-code');
  await page.getByRole('tab', { name: 'All codes' }).click();
  await expect(page).toHaveURL(/view=all/);
  const table = page.getByRole('table', { name: 'All invitation codes' });
  await page.getByRole('searchbox', { name: 'Search codes' }).fill(manager.username);
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(`@${manager.username}`);
  await expect(row).toContainText('Unused');
  await page.getByLabel('Status').selectOption('expired');
  await expect(page.getByText('No code matches these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('unused');
  await expect(row).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invitations-\d{4}-\d{2}-\d{2}\.csv$/);
});

test.describe('screens', () => {
  for (const look of sweep) {
    const name = lookName(look);
    test(`the codes screens in ${name}`, async ({ page }) => {
      await chooseSizedLook(page, look);
      await signInAs(page, ADMIN);
      await page.goto('/admin/generate-code');
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      await expect(page.getByRole('tab').first()).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot(page, `invite-codes-${name}`);
      await page.goto('/admin/generate-code?view=all');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot(page, `invite-all-codes-${name}`);
      await page.getByRole('table').locator('button[aria-label*="QR"]').first().click();
      await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
      await shoot(page, `invite-qr-${name}`);
    });
  }
});
