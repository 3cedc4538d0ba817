import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, createUser, deposit, jsonOf, type TestUser } from './support/api';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

type RevenueChart = { buckets: { start: string; revenue: number; orders: number }[] };
type AdminStats = {
  revenue: number;
  platformProfit: number;
  users: { total: number };
  orders: { total: number; completed: number };
};
type SellerStats = {
  balance: { current: number };
  profitEarned: number;
  downline: { direct: number; total: number };
  downlineSales: { orders: number; amount: number };
};

/** The display form of a USD amount (exactly 2 decimals, no grouping), as formatPrice writes it. */
function usd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

async function get<T>(api: APIRequestContext, path: string): Promise<T> {
  return jsonOf<T>(await api.get(`/api${path}`), `GET ${path}`);
}

const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/**
 * A manager, a reseller it invited, and one completed purchase by that reseller: the manager
 * earns its margin (the reseller pays the reseller price, the manager's cost is the manager
 * price), and the admin's platform earns over the initial price.
 */
async function managerWithASale(origin: string, admin: APIRequestContext) {
  const product = await seedProduct(admin, {
    initialPrice: 5,
    managerPrice: 8,
    resellerPrice: 10,
    keys: newKeys(3, 'DASH'),
  });
  const manager = await createUser(origin, admin, 'manager', 'dashmgr');
  const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
  const reseller: TestUser = await createUser(origin, managerApi, 'reseller', 'dashres');
  await deposit(admin, reseller.id, 50);
  const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
  const order = await placeOrder(resellerApi, product.id, 2);
  expect(order.status).toBe('completed');
  await resellerApi.dispose();
  return { product, manager, managerApi, reseller };
}

test.describe('dashboards', () => {
  test('the admin dashboard shows the platform figures, chart, map and storage', async ({
    page,
    origin,
    admin,
  }) => {
    const { managerApi } = await managerWithASale(origin, admin);
    await managerApi.dispose();
    const stats = await get<AdminStats>(admin, '/analytics/dashboard-stats');
    expect(stats.revenue).toBeGreaterThanOrEqual(20);

    await signInAs(page, ADMIN);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first(),
    ).toHaveText('Dashboard');

    await expect(card(page, 'Revenue')).toContainText(usd(stats.revenue));
    await expect(card(page, 'Platform profit')).toContainText(usd(stats.platformProfit));
    await expect(card(page, 'Users')).toContainText(String(stats.users.total));
    await expect(card(page, 'Orders')).toContainText(`Completed${stats.orders.completed}`);

    // Today is the last day of the daily chart; its figures are the API's.
    const daily = await get<RevenueChart>(admin, '/analytics/revenue-chart?period=daily');
    const today = daily.buckets[daily.buckets.length - 1]!;
    expect(today.revenue).toBeGreaterThanOrEqual(20);
    const dailyTable = page.getByRole('table', { name: 'Revenue per day over the past 7 days' });
    await expect(dailyTable.getByRole('row')).toHaveCount(8);
    await expect(dailyTable.getByRole('row').last()).toContainText(usd(today.revenue));

    await page.getByRole('button', { name: 'Monthly' }).click();
    const monthlyTable = page.getByRole('table', { name: 'Revenue per month of this year' });
    await expect(monthlyTable.getByRole('row')).toHaveCount(13);
    const monthly = await get<RevenueChart>(admin, '/analytics/revenue-chart?period=monthly');
    const thisMonth = monthly.buckets[new Date().getUTCMonth()]!;
    await expect(monthlyTable.getByRole('row').nth(new Date().getUTCMonth() + 1)).toContainText(
      usd(thisMonth.revenue),
    );

    // Sign-ins from 127.0.0.1 carry no country: every account is in the "unknown" row.
    await expect(page.getByRole('img', { name: 'World map of users by country' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users by country' })).toContainText(
      'Unknown country',
    );

    const gauge = page.getByRole('meter', { name: 'Storage volume used' });
    await expect(gauge).toHaveAttribute(
      'aria-valuetext',
      /^[\d.]+ [kMGT]?B used, [\d.]+ [kMGT]?B free$/,
    );
    await expect(page.getByText('Database', { exact: true })).toBeVisible();
  });

  test('a manager sees its balance, earned profit, downline and its sales', async ({
    page,
    origin,
    admin,
  }) => {
    const { manager, managerApi } = await managerWithASale(origin, admin);
    const stats = await get<SellerStats>(managerApi, '/analytics/dashboard-stats');
    const daily = await get<RevenueChart>(managerApi, '/analytics/revenue-chart?period=daily');
    await managerApi.dispose();
    // 2 units bought at the reseller price 10; the manager's cost is 8: a 4 margin.
    expect(stats).toMatchObject({
      profitEarned: 4,
      downline: { direct: 1, total: 1 },
      downlineSales: { orders: 1, amount: 20 },
    });

    await signInAs(page, manager);
    await page.goto('/manager');
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    await expect(card(page, 'Balance')).toContainText('$0.00');
    await expect(card(page, 'Profit earned')).toContainText('$4.00');
    await expect(card(page, 'Downline sales')).toContainText('$20.00');
    await expect(card(page, 'Downline sales')).toContainText('Completed orders1');
    await expect(card(page, 'Downline')).toContainText('Invited by you1');
    await expect(card(page, 'My orders')).toContainText('Completed0');
    await expect(page.getByRole('heading', { name: 'Your downline by country' })).toBeVisible();
    const dailyTable = page.getByRole('table', { name: 'Revenue per day over the past 7 days' });
    await expect(dailyTable.getByRole('row').last()).toContainText(
      usd(daily.buckets[daily.buckets.length - 1]!.revenue),
    );
    await expect(page.getByRole('meter')).toHaveCount(0);

    // The top bar's eye hides every profit figure on the dashboard too.
    await page.getByRole('button', { name: 'Hide profit' }).click();
    await expect(card(page, 'Profit earned')).not.toContainText('$4.00');
    await expect(card(page, 'Profit earned')).toContainText('Hidden');
  });

  test('a reseller sees its own balance and orders', async ({ page, origin, admin }) => {
    const { reseller, managerApi } = await managerWithASale(origin, admin);
    await managerApi.dispose();

    await signInAs(page, reseller);
    await page.goto('/reseller/dashboard');
    await expect(card(page, 'Balance')).toContainText('$30.00');
    await expect(card(page, 'My orders')).toContainText('Completed1');
    await expect(card(page, 'Downline')).toContainText('0');
  });
});

test.describe('global search', () => {
  test('finds a product and a user from the navbar, with the keyboard', async ({
    page,
    origin,
    admin,
  }) => {
    const { product, manager, reseller, managerApi } = await managerWithASale(origin, admin);
    await managerApi.dispose();

    await signInAs(page, manager);
    await page.goto('/manager/dashboard');
    // Below the widest screens the field opens from a button in the top bar.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search products and users' });
    await expect(search).toBeFocused();
    await search.fill(product.name);
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(
      results.getByRole('group', { name: 'Products' }).getByRole('option', { name: product.name }),
    ).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(`/manager/products?search=${encodeURIComponent(product.name)}`);
    // The shop opens filtered to that product.
    await expect(page.getByLabel('Search products', { exact: true })).toHaveValue(product.name);
    await expect(page.getByRole('button', { name: `Buy ${product.name}` })).toBeVisible();

    // Its own invitee is found; the admin, outside its downline, is not.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await search.fill(reseller.username);
    const person = results
      .getByRole('group', { name: 'Users' })
      .getByRole('option', { name: new RegExp(reseller.username) });
    await expect(person).toBeVisible();
    await person.click();
    await expect(page).toHaveURL(`/manager/users?search=${reseller.username}`);
    // The Users screen opens filtered to that user.
    await expect(page.getByRole('main').getByText(`@${reseller.username}`)).toBeVisible();

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await search.fill('admin');
    await expect(page.locator('p:not(.sr-only)', { hasText: 'No results found.' })).toBeVisible();
    await search.press('Escape');
    await expect(results).toBeHidden();
  });

  test('leads an admin to its own products screen, filtered to the product', async ({
    page,
    admin,
  }) => {
    const product = await seedProduct(admin, { keys: newKeys(1, 'FIND') });

    await signInAs(page, ADMIN);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search products and users' });
    await search.fill(product.name);
    await page.getByRole('option', { name: product.name }).click();
    await expect(page).toHaveURL(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await expect(page.getByLabel('Search products', { exact: true })).toHaveValue(product.name);
    await expect(page.getByRole('main').getByText(product.name)).toBeVisible();
  });
});

test.describe('dashboard accessibility', () => {
  for (const language of ['en', 'ar'] as const) {
    test(`the admin dashboard and the open search pass axe (${language})`, async ({
      page,
      origin,
      admin,
    }) => {
      const { product, managerApi } = await managerWithASale(origin, admin);
      await managerApi.dispose();
      await page.addInitScript((chosen) => {
        window.localStorage.setItem('preferredLanguage', chosen);
      }, language);

      await signInAs(page, ADMIN);
      await page.goto('/admin/dashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      // The embedded database answers one query at a time: on a busy machine the cards queue.
      await expect(page.getByRole('meter')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main svg[role=img]')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page
        .locator('header')
        .getByRole('button')
        .filter({ has: page.locator('svg.lucide-search') })
        .click();
      const search = page.locator('input[role=combobox]');
      await search.fill(product.name);
      await expect(page.getByRole('option', { name: product.name })).toBeVisible();
      await search.press('ArrowDown');
      await expectNoSeriousViolations(page);
    });
  }
});

/** Serious and critical axe findings, listed, fail the test. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
