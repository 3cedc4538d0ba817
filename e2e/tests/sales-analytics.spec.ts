import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, createUser, deposit, jsonOf, type TestUser } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { newKeys, placeOrder, seedProduct, type SeededProduct } from './support/catalogue';
import { downloadCsv } from './support/csv';
import { expect, signInAs, test } from './support/fixtures';

type Figures = { orders: number; units: number; revenue: number; profit: number };
type SalesReport = {
  rows: { id: string; name: string; current: Figures; previous: Figures }[];
  totals: { current: Figures; previous: Figures };
};

/** The display form of a USD amount (exactly 2 decimals, no grouping), as formatPrice writes it. */
const usd = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * A manager and the reseller it invited, who buys 2 keys of a product priced high enough to
 * lead the platform's sales (initial 400, manager 450, reseller 500); and, outside that tree,
 * another reseller buying another product, which neither of them may see.
 */
async function twoTreesWithSales(origin: string, admin: APIRequestContext) {
  const product = await seedProduct(admin, {
    initialPrice: 400,
    managerPrice: 450,
    resellerPrice: 500,
    keys: newKeys(2, 'SALES'),
  });
  const manager = await createUser(origin, admin, 'manager', 'salesmgr');
  const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
  const reseller = await createUser(origin, managerApi, 'reseller', 'salesres');
  await managerApi.dispose();
  await deposit(admin, reseller.id, 1000);
  await buy(origin, reseller, product, 2);

  const elsewhere = await seedProduct(admin, { keys: newKeys(1, 'ELSE') });
  const stranger = await createUser(origin, admin, 'reseller', 'salesother');
  await deposit(admin, stranger.id, 10);
  await buy(origin, stranger, elsewhere, 1);
  return { product, elsewhere, manager, reseller };
}

async function buy(origin: string, buyer: TestUser, product: SeededProduct, quantity: number) {
  const api = await apiSignedInAs(origin, buyer.username, buyer.password);
  const order = await placeOrder(api, product.id, quantity);
  expect(order.status).toBe('completed');
  await api.dispose();
}

const salesTable = (page: Page, name: string) => page.getByRole('table', { name });

test.describe('sales analytics', () => {
  test('an admin sees the top product and its channel with the platform’s figures', async ({
    page,
    origin,
    admin,
  }) => {
    const { product, manager } = await twoTreesWithSales(origin, admin);
    const report = await jsonOf<SalesReport>(
      await admin.get('/api/analytics/sales?by=product&sort=revenue'),
      'GET /analytics/sales',
    );
    expect(report.rows[0]).toMatchObject({
      id: product.id,
      // 2 × 500 paid; the platform earns what the chain's top paid over the initial price.
      current: { orders: 1, units: 2, revenue: 1000, profit: 100 },
    });

    await signInAs(page, ADMIN);
    await page.goto('/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sales' })
      .click();
    await expect(page).toHaveURL(/\/admin\/sales$/);
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();

    const table = salesTable(page, 'Top products by Revenue');
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(product.name);
    await expect(first).toContainText('2');
    await expect(first).toContainText(usd(1000));
    await expect(first).toContainText(usd(100));
    // Nothing sold in the 30 days before: every figure is new.
    await expect(first).toContainText('Nothing in the previous period');
    await expect(page.getByRole('group', { name: 'Revenue' })).toContainText(
      usd(report.totals.current.revenue),
    );
    await expectNoSeriousViolations(page, 'the admin’s sales screen');

    // The download is the same report: the same rows, first the top product.
    const csv = await downloadCsv(page, 'sales-products');
    expect(csv.rows).toHaveLength(report.rows.length);
    expect(csv.rows[0]).toContain(product.name);

    // By seller, the sale counts for the chain's top: the manager.
    await page.getByRole('button', { name: 'Sellers' }).click();
    const sellers = salesTable(page, 'Top sellers by Revenue');
    const row = sellers.getByRole('row').filter({ hasText: `@${manager.username}` });
    await expect(row).toContainText('Manager');
    await expect(row).toContainText(usd(1000));
    await expect(page).toHaveURL(/by=seller/);
  });

  test('a reseller sees only its own purchases, and a manager its downline’s', async ({
    page,
    origin,
    admin,
  }) => {
    const { product, elsewhere, manager, reseller } = await twoTreesWithSales(origin, admin);

    await signInAs(page, reseller);
    await page.goto('/reseller/sales');
    const table = salesTable(page, 'Top products by Revenue');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(product.name);
    await expect(row).toContainText(usd(1000));
    // Its own purchases earn it nothing.
    await expect(row).toContainText(usd(0));
    await expect(table).not.toContainText(elsewhere.name);
    await expect(page.getByRole('group', { name: 'Revenue' })).toContainText(usd(1000));
    await expectNoSeriousViolations(page, 'a reseller’s sales screen');

    await page.context().clearCookies();
    await signInAs(page, manager);
    await page.goto('/manager/sales?by=seller&sort=-profit');
    const sellers = salesTable(page, 'Top sellers by Profit');
    await expect(sellers.getByRole('row')).toHaveCount(2);
    const channel = sellers.getByRole('row').nth(1);
    await expect(channel).toContainText(`@${reseller.username}`);
    await expect(channel).toContainText('Reseller');
    // The manager sold at 500 what cost it 450, twice.
    await expect(channel).toContainText(usd(100));
  });

  test('a period with no sale says so', async ({ page, origin, admin }) => {
    const reseller = await createUser(origin, admin, 'reseller', 'salesnone');
    await signInAs(page, reseller);
    await page.goto('/reseller/sales');
    await expect(page.getByRole('heading', { name: 'Nothing sold in this period' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Units' })).toContainText('0');
    await expectNoSeriousViolations(page, 'an empty sales screen');
  });
});
