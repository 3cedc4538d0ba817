import { request, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { createUser, deposit, expectOk, jsonOf } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { Supplier } from './support/supplier';

/*
 * Supply from upstream (DESIGN.md §14) between two real platforms: the shared server is the
 * downstream, and this spec starts a second Keymarket as its supplier (`Supplier`).
 */
let supplier: Supplier;
let UPSTREAM: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  supplier = await Supplier.start(3000);
  UPSTREAM = supplier.url;
});

test.afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await supplier?.stop();
});

/** Opens the details of the order of `productName` from `area`'s orders screen. */
async function openOrder(page: Page, area: string, productName: string) {
  await page.goto(`/${area}/orders`);
  await page.getByLabel('Search orders').fill(productName);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: productName });
  await row.getByRole('button', { name: `View order of ${productName}` }).click();
  return page.getByRole('dialog', { name: 'Order details' });
}

test.describe('suppliers', () => {
  test("an admin docks a supplier's products; the supplier's replacement of a reported key reaches the buyer", async ({
    page,
    browser,
    admin,
    makeUser,
  }) => {
    // Two platforms, three people, a report up the chain and its answer back.
    test.setTimeout(420_000);

    // At the supplier: two products with keys, and this platform's account there, funded, with
    // the API key its admin hands over.
    const upstreamAdmin = await request.newContext({ baseURL: UPSTREAM });
    await expectOk(
      await upstreamAdmin.post('/api/auth/login', {
        data: { identifier: ADMIN.username, password: ADMIN.password },
      }),
      'Signing in at the supplier',
    );
    const keysA = newKeys(3, 'SUPPLIED');
    const productA = await seedProduct(upstreamAdmin, { resellerPrice: 10, keys: keysA });
    const productB = await seedProduct(upstreamAdmin, { resellerPrice: 20, keys: newKeys(2, 'B') });
    const account = await createUser(UPSTREAM, upstreamAdmin, 'reseller', 'platform');
    await deposit(upstreamAdmin, account.id, 100);
    const accountApi = await request.newContext({ baseURL: UPSTREAM });
    await expectOk(
      await accountApi.post('/api/auth/login', {
        data: { identifier: account.username, password: account.password },
      }),
      "Signing the platform's account in at the supplier",
    );
    const { key: apiKey } = await jsonOf<{ key: string }>(
      await accountApi.post('/api/api-keys', { data: { name: 'docking' } }),
      'An API key at the supplier',
    );
    // A category here for the docked products.
    const local = await seedProduct(admin, { resellerPrice: 10 });

    // The admin adds the supplier and docks both products with a 10 % markup.
    await signInAs(page, ADMIN);
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Add a supplier' }).click();
    const add = page.getByRole('dialog', { name: 'Add a supplier' });
    const supplierName = `Wholesale ${Date.now().toString(36)}`;
    await add.getByLabel('Name').fill(supplierName);
    await add.getByLabel('Address').fill(UPSTREAM);
    await add.getByLabel('API key').fill(apiKey);
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Supplier added and reachable.')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: supplierName });
    await card.getByRole('button', { name: 'Catalogue' }).click();
    await page.getByLabel('Markup (%)').fill('10');
    await page.getByRole('checkbox', { name: `Pick ${productA.name}` }).check();
    await page.getByRole('checkbox', { name: `Pick ${productB.name}` }).check();
    await page.getByLabel('Category').selectOption({ value: local.categoryId });
    await page.getByRole('button', { name: 'Dock 2 products' }).click();
    await expect(page.getByText('2 products docked.')).toBeVisible();

    // The products screen names the source of each.
    await page.goto('/admin/products');
    await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(productA.name);
    const docked = page.getByRole('row').filter({ hasText: productA.name });
    await expect(docked).toContainText(`From ${supplierName}`);
    // $10 there, 10 % on top here.
    await expect(docked).toContainText('$11.00');

    // A reseller buys one and sees its keys, the supplier's.
    const reseller = await makeUser('reseller', 'docked');
    await deposit(admin, reseller.id, 50);
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await signInAs(buyer, reseller);
    await buyer.goto('/reseller/products');
    await buyer.getByLabel('Search products', { exact: true }).fill(productA.name);
    await buyer.getByRole('button', { name: `Buy ${productA.name}` }).click();
    const buy = buyer.getByRole('dialog', { name: `Buy ${productA.name}` });
    await buy.getByLabel('Quantity').fill('2');
    await buy.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(buyer.getByText(keysA[0]!).first()).toBeVisible();
    await buyer.keyboard.press('Escape');
    let details = await openOrder(buyer, 'reseller', productA.name);
    await expect(details).toContainText('Completed');
    for (const key of keysA.slice(0, 2)) await expect(details.getByText(key)).toBeVisible();

    // The admin's orders screen shows where it was bought, with the supplier's reference.
    await page.goto('/admin/orders');
    await page.getByLabel('Search orders').fill(productA.name);
    const orderRow = page.getByRole('row').filter({ hasText: productA.name });
    await expect(orderRow).toContainText(supplierName);
    await orderRow.getByRole('button', { name: `View order of ${productA.name}` }).click();
    const source = page.getByRole('region', { name: 'Bought from a supplier' });
    await expect(source).toContainText('Delivered by the supplier');
    await page.keyboard.press('Escape');

    // The buyer reports its second key: the report goes to the supplier.
    const faulty = await details.getByRole('listitem').nth(1).locator('code').innerText();
    expect(keysA.slice(0, 2)).toContain(faulty);
    await details.getByRole('button', { name: 'Report key 2' }).click();
    const report = buyer.getByRole('dialog', { name: 'Report a faulty key' });
    await report.getByLabel('What is wrong with it?').fill('The store says it was already used.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(buyer.getByText('Key reported: a ticket was opened')).toBeVisible();
    await expect(details).toContainText('Reported');

    // The supplier's admin finds the report on its own site and replaces the key.
    const upstreamContext = await browser.newContext({ baseURL: UPSTREAM });
    try {
      const supplier = await upstreamContext.newPage();
      await signInAs(supplier, ADMIN);
      const reported = await openOrder(supplier, 'admin', productA.name);
      await expect(reported).toContainText('Reported');
      await reported.getByRole('button', { name: 'Replace key 2' }).click();
      await supplier
        .getByRole('dialog', { name: 'Replace key 2' })
        .getByRole('button', { name: 'Replace' })
        .click();
      await expect(reported.getByRole('listitem').nth(1)).toContainText('Replaced');
    } finally {
      await upstreamContext.close();
    }

    // The buyer here sees the new key: the supplier's third.
    await buyer.keyboard.press('Escape');
    await expect(async () => {
      details = await openOrder(buyer, 'reseller', productA.name);
      await expect(details).toContainText('Replaced', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(details.getByText(keysA[2]!)).toBeVisible();
    await expect(details.getByText(faulty)).toHaveCount(0);

    await buyerContext.close();
    await accountApi.dispose();
    await upstreamAdmin.dispose();
  });
});
