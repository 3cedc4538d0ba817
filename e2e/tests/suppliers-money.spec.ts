import { request } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { apiSignedInAs, createUser, deposit, expectOk, jsonOf } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { lookName, PICTURES, sweep } from './support/looks';
import { Supplier } from './support/supplier';

/*
 * What docked sales leave an administrator to watch (DESIGN.md §14), between the shared server
 * and a second Keymarket as its supplier: the balance at the supplier falling below its alert
 * (a notification), and the margin on docked sales on the dashboard and the statement, in every
 * look of the sweep (support/looks.ts).
 */
let supplier: Supplier;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  supplier = await Supplier.start(3001);
});

test.afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await supplier?.stop();
});

test.describe('suppliers: money watched', () => {
  test('a low balance at the supplier reaches the bell; the docked margin shows on the dashboard and the statement', async ({
    page,
    browser,
    origin,
    admin,
    makeUser,
  }) => {
    test.setTimeout(420_000);
    // At the supplier: a product with keys, this platform's account there holding 30, its key.
    const upstreamAdmin = await request.newContext({ baseURL: supplier.url });
    await expectOk(
      await upstreamAdmin.post('/api/auth/login', {
        data: { identifier: ADMIN.username, password: ADMIN.password },
      }),
      'Signing in at the supplier',
    );
    const supplied = await seedProduct(upstreamAdmin, {
      resellerPrice: 5,
      keys: newKeys(5, 'LOW'),
    });
    const account = await createUser(supplier.url, upstreamAdmin, 'reseller', 'platform');
    await deposit(upstreamAdmin, account.id, 30);
    const accountApi = await apiSignedInAs(supplier.url, account.username, account.password);
    const { key: apiKey } = await jsonOf<{ key: string }>(
      await accountApi.post('/api/api-keys', { data: { name: 'docking' } }),
      'An API key at the supplier',
    );

    // Here: the supplier with an alert at 20, its product docked with 10 %, three keys bought.
    const supplierName = `Thin wallet ${Date.now().toString(36)}`;
    const added = await jsonOf<{ id: string }>(
      await admin.post('/api/upstreams', {
        data: { name: supplierName, baseUrl: supplier.url, apiKey, lowBalanceAlert: 20 },
      }),
      'Adding the supplier',
    );
    const local = await seedProduct(admin, { resellerPrice: 10 });
    const docked = await jsonOf<{ docked: { productId: string }[] }>(
      await admin.post(`/api/upstreams/${added.id}/products`, {
        data: {
          upstreamProductIds: [supplied.id],
          categoryId: local.categoryId,
          markupPercent: 10,
          markupFixed: 0,
        },
      }),
      'Docking the product',
    );
    const buyer = await makeUser('reseller', 'docked');
    await deposit(admin, buyer.id, 50);
    const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
    const order = await jsonOf<{ status: string }>(
      await buyerApi.post('/api/orders', {
        data: { productId: docked.docked[0]!.productId, quantity: 3 },
      }),
      'Buying three docked keys',
    );
    expect(order.status).toBe('completed');
    // 30 - 3 x 5 = 15 there, below 20: the administrators are told.
    await expect
      .poll(
        async () => {
          const list = await jsonOf<{ data: { data: { upstreamId: string } }[] }>(
            await admin.get('/api/notifications?type=upstream.balance_low&limit=100'),
            'The alerts',
          );
          return list.data.filter((n) => n.data.upstreamId === added.id).length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    await signInAs(page, ADMIN);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('group', { name: 'Platform profit' })).toContainText(
      'Of which on docked sales',
    );
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = page.getByRole('menuitem', { name: new RegExp(supplierName) });
    await expect(entry).toContainText('Low balance at the supplier');
    await expect(entry).toContainText('$15.00');
    await expect(entry).toContainText('Below the alert of $20.00');
    await expect(entry).toHaveAttribute('href', '/admin/suppliers');

    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/admin/statement?from=${today}`);
    const margin = page.getByRole('group', { name: 'Margin on docked sales in these dates' });
    await expect(margin).toContainText('Docked orders completed');
    await expect(margin).toContainText('Paid to suppliers');

    // The two screens that changed, in every look of the sweep.
    const state = await page.context().storageState();
    for (const look of sweep) {
      const { language, theme, width } = look;
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: origin,
        storageState: state,
      });
      await context.addInitScript(
        (choice) => {
          window.localStorage.setItem('theme', choice.theme);
          window.localStorage.setItem('preferredLanguage', choice.language);
        },
        { theme, language },
      );
      const shot = await context.newPage();
      const name = lookName(look);
      await shot.goto(`/admin/statement?from=${today}`);
      await expect(shot.locator('html')).toHaveAttribute('lang', language);
      await expect(shot.getByRole('group').first()).toBeVisible();
      await expect
        .poll(() => shot.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      if (PICTURES)
        await shot.screenshot({ path: test.info().outputPath(`statement-${name}.png`) });
      await shot.goto('/admin/notifications');
      await expect(shot.getByText(supplierName).first()).toBeVisible();
      if (PICTURES)
        await shot.screenshot({ path: test.info().outputPath(`notifications-${name}.png`) });
      await context.close();
    }
    await Promise.all([upstreamAdmin.dispose(), accountApi.dispose(), buyerApi.dispose()]);
  });
});
