import type { Page } from '@playwright/test';
import { ADMIN, uniqueSuffix } from './support/api';
import { seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

/** The keys dialog of `name`, opened from the products screen's own search. */
async function openKeys(page: Page, name: string) {
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Manage keys of ${name}` }).click();
  return page.getByRole('dialog', { name: `Keys of ${name}` });
}

test.describe('key pool', () => {
  test('the admin imports a key file following its import, searches, moves and deletes keys', async ({
    page,
    admin,
  }) => {
    test.setTimeout(180_000);
    const source = await seedProduct(admin);
    const target = await seedProduct(admin);
    const suffix = uniqueSuffix().toUpperCase();
    // 20,000 lines (about 0.6 MB): enough for the upload to report progress on its way.
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `${String(i).padStart(5, '0')}-${suffix}-TAIL${String(i % 10)}`,
    );
    lines.splice(100, 0, '', '   ', lines[0]!);
    const file = {
      name: 'keys.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(lines.join('\n')),
    };

    await signInAs(page, ADMIN);
    const dialog = await openKeys(page, source.name);
    await dialog.getByLabel('Key file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload file' }).click();
    // Stored and queued: the server imports it in the background, and the dialog follows the
    // job until it is done.
    const job = dialog.getByRole('region', { name: 'Import of keys.txt' });
    await expect(job).toBeVisible();
    await expect(job.getByText('Done')).toBeVisible({ timeout: 120_000 });
    const result = job.getByRole('region', { name: 'Import finished' });
    await expect(result).toContainText('Added20000');
    await expect(result).toContainText('Duplicates skipped1');
    await expect(result).toContainText('Blank lines skipped2');
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expect(job.getByRole('button', { name: 'Cancel import' })).toHaveCount(0);
    await expect(dialog.getByText('Keys in the inventory: 20000')).toBeVisible();
    await page.screenshot({ path: 'test-results/key-pool-import.png' });

    // Searched by the first characters: the masked listing shows them, and the last ones.
    await dialog.getByRole('searchbox', { name: 'Search keys' }).fill('0000');
    await expect(dialog.getByText('Keys in the inventory: 10')).toBeVisible();
    await expect(dialog.getByText('0000••••AIL9')).toBeVisible();

    // Two selected keys move to the other product.
    await dialog.getByRole('checkbox', { name: 'Select key 0000••••AIL9' }).check();
    await dialog.getByRole('checkbox', { name: 'Select key 0000••••AIL8' }).check();
    await dialog
      .getByRole('region', { name: 'Selected keys' })
      .getByRole('button', { name: 'Move' })
      .click();
    const move = page.getByRole('dialog', { name: 'Move keys to another product' });
    // The target is searched by name.
    await move.getByRole('combobox', { name: 'Choose a product' }).fill(target.name);
    await move.getByRole('option', { name: target.name }).click();
    await move.getByRole('button', { name: 'Move keys' }).click();
    await expect(page.getByText('2 keys moved')).toBeVisible();
    await expect(dialog.getByText('Keys in the inventory: 8')).toBeVisible();

    // One deleted from its row, after confirming.
    await dialog.getByRole('button', { name: 'Delete key 0000••••AIL7' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete unsold keys?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 key deleted')).toBeVisible();
    await expect(dialog.getByText('Keys in the inventory: 7')).toBeVisible();
    await page.screenshot({ path: 'test-results/key-pool-search.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The stock followed: 20,000 − 2 − 1 here, 2 there.
    const targetDialog = await openKeys(page, target.name);
    await expect(targetDialog.getByText('Keys in the inventory: 2')).toBeVisible();
  });

  test('the key pool reads right to left in Arabic, dark, on a phone', async ({ page, admin }) => {
    const product = await seedProduct(admin, { keys: [`AR-${uniqueSuffix()}-KEY-0001`] });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, ADMIN);
    await page.addInitScript(() => {
      localStorage.setItem('preferredLanguage', 'ar');
      localStorage.setItem('theme', 'dark');
    });
    await page.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
    await row.getByRole('button', { name: `إدارة مفاتيح \u2068${product.name}\u2069` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('استيراد ملف')).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'البحث في المفاتيح' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/key-pool-ar-dark-390.png', fullPage: true });
  });
});
