import { request } from '@playwright/test';
import { deposit } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

test.describe('API & webhooks: API keys', () => {
  test('a reseller creates a key, copies it once, orders with it, then revokes it', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const keys = newKeys(2, 'APIKEY');
    const product = await seedProduct(admin, { resellerPrice: 10, keys });
    const reseller = await makeUser('reseller', 'integrator');
    await deposit(admin, reseller.id, 30);

    await signInAs(page, reseller);
    await page.goto('/reseller');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API & webhooks' })
      .click();
    await expect(page.getByRole('heading', { name: 'API & webhooks', level: 1 })).toBeVisible();

    await page.getByLabel('Name').fill('Telegram bot');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Your new key' });
    const key = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(key).toMatch(/^km_[0-9A-Za-z]{40}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // Once dismissed, the key is nowhere on the page: only its prefix stays in the list.
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(key)).toHaveCount(0);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Telegram bot' });
    await expect(row).toContainText(`${key.slice(0, 10)}…`);
    await expect(row).toContainText('Active');

    // The shop's server uses the copied key: no cookie, a Bearer header.
    const shop = await request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    try {
      const order = await shop.post('/api/v1/orders', {
        data: { productId: product.id, quantity: 2 },
        headers: { 'idempotency-key': `e2e-${key.slice(10, 20)}` },
      });
      expect(order.status(), await order.text()).toBe(201);
      const body = (await order.json()) as { status: string; responseKeys: string[] };
      expect(body.status).toBe('completed');
      expect([...body.responseKeys].sort()).toEqual([...keys].sort());
      expect(await (await shop.get('/api/v1/balance')).json()).toEqual({ balance: 10, profit: 0 });

      await page.reload();
      await expect(row).not.toContainText('Never');
      await row.getByRole('button', { name: 'Revoke Telegram bot' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(row).toContainText('Revoked');
      expect((await shop.get('/api/v1/balance')).status()).toBe(401);
    } finally {
      await shop.dispose();
    }
  });
});
