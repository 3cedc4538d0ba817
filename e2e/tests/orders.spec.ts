import type { Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, createUser, deposit, expectOk } from './support/api';
import { text } from './support/locales';
import { newKeys, placeOrder, seedProduct, setSellingPrice } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

/** The orders table row of one product, found through the screen's own search. */
async function orderRow(page: Page, productName: string) {
  await page.getByLabel('Search orders').fill(productName);
  return page.getByRole('table').getByRole('row').filter({ hasText: productName });
}

const balanceChip = (page: Page) => page.getByLabel('Your balance');

test.describe('buying', () => {
  test('a reseller buys an instant product and copies its keys', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const keys = newKeys(3, 'INSTANT');
    const product = await seedProduct(admin, { resellerPrice: 10, keys });
    const reseller = await makeUser('reseller', 'buyer');
    await deposit(admin, reseller.id, 50);

    await signInAs(page, reseller);
    await page.goto('/reseller');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(balanceChip(page)).toContainText('$50.00');

    await page.getByLabel('Search products', { exact: true }).fill(product.name);
    await page.getByRole('button', { name: `Buy ${product.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Buy ${product.name}` });
    await dialog.getByLabel('Quantity').fill('2');
    await expect(dialog).toContainText('$20.00');
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();

    await expect(dialog.getByRole('status')).toContainText(
      'Your order is complete. $20.00 was debited from your balance.',
    );
    const delivered = await dialog.locator('code').allTextContents();
    expect(delivered).toHaveLength(2);
    for (const key of delivered) expect(keys).toContain(key);

    await dialog.getByRole('button', { name: 'Copy all' }).click();
    await expect(page.getByText('All keys copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(delivered.join('\n'));
    await dialog.getByRole('button', { name: 'Copy key 2' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(delivered[1]);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(balanceChip(page)).toContainText('$30.00');

    // The order is listed, completed, and its details still hold the keys.
    await page.goto('/reseller/orders');
    const row = await orderRow(page, product.name);
    await expect(row).toContainText('Completed');
    await row.getByRole('button', { name: `View order of ${product.name}` }).click();
    const details = page.getByRole('dialog', { name: 'Order details' });
    for (const key of delivered) await expect(details.getByText(key)).toBeVisible();
  });

  test('a purchase beyond the balance is refused in place', async ({ page, admin, makeUser }) => {
    const product = await seedProduct(admin, { resellerPrice: 10, keys: newKeys(2, 'POOR') });
    const reseller = await makeUser('reseller', 'poor');
    await deposit(admin, reseller.id, 5);

    await signInAs(page, reseller);
    await page.goto('/reseller/products');
    await page.getByLabel('Search products', { exact: true }).fill(product.name);
    await page.getByRole('button', { name: `Buy ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${product.name}` });
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Failed to place order. Please try again.');
    await expect(alert).toContainText('Your balance is too low for this.');
    await expect(balanceChip(page)).toContainText('$5.00');
  });
});

test.describe('request orders', () => {
  test('the admin sends the keys of a request order and the buyer sees them', async ({
    page,
    browser,
    origin,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, {
      deliveryType: 'request',
      stockQuantity: 5,
      resellerPrice: 7,
    });
    const buyer = await makeUser('reseller', 'req');
    await deposit(admin, buyer.id, 30);
    const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
    const order = await placeOrder(buyerApi, product.id, 2, 'Two accounts, please');
    await buyerApi.dispose();
    expect(order.status).toBe('pending');

    await signInAs(page, ADMIN);
    await page.goto('/admin/orders');
    const row = await orderRow(page, product.name);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText(buyer.username);
    await row.getByRole('button', { name: 'Send keys' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send product keys' });
    const keysField = dialog.getByLabel('Keys or account details');
    // One line is not enough for two units: the button waits for the second.
    await keysField.fill('ACCOUNT-ONE');
    await expect(dialog).toContainText('1 / 2 lines');
    await expect(dialog.getByRole('button', { name: 'Send keys' })).toBeDisabled();
    // A third line is cut off: pasting beyond the quantity is refused.
    await keysField.fill('ACCOUNT-ONE\nACCOUNT-TWO\nACCOUNT-THREE');
    await expect(dialog).toContainText('This order takes 2 lines; the extra lines were removed.');
    await expect(keysField).toHaveValue('ACCOUNT-ONE\nACCOUNT-TWO');
    await dialog.getByRole('button', { name: 'Send keys' }).click();

    await expect(page.getByText('Keys sent; the order is complete')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Completed');

    // The buyer, in its own browser, finds the keys in its order.
    const buyerContext = await browser.newContext();
    try {
      const buyerPage = await buyerContext.newPage();
      await signInAs(buyerPage, buyer);
      await buyerPage.goto('/reseller/orders');
      const buyerRow = await orderRow(buyerPage, product.name);
      await expect(buyerRow).toContainText('Completed');
      await buyerRow.getByRole('button', { name: `View order of ${product.name}` }).click();
      const details = buyerPage.getByRole('dialog', { name: 'Order details' });
      await expect(details.getByText('ACCOUNT-ONE')).toBeVisible();
      await expect(details.getByText('ACCOUNT-TWO')).toBeVisible();
      await expect(details).toContainText('Two accounts, please');
      await expect(balanceChip(buyerPage)).toContainText('$16.00');
    } finally {
      await buyerContext.close();
    }
  });

  test('a rejected order is refunded and the buyer reads the reason', async ({
    page,
    browser,
    origin,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, {
      deliveryType: 'request',
      stockQuantity: 5,
      resellerPrice: 12.5,
    });
    const buyer = await makeUser('reseller', 'rej');
    await deposit(admin, buyer.id, 40);
    const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
    await placeOrder(buyerApi, product.id, 1);
    await buyerApi.dispose();

    await signInAs(page, ADMIN);
    await page.goto('/admin/orders');
    const row = await orderRow(page, product.name);
    await row.getByRole('button', { name: 'Reject' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reject order' });
    await expect(dialog).toContainText('is refunded in full');
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(
      'Please provide a reason for rejection',
    );
    const reason = 'Supplier out of stock this week';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject order' }).click();

    await expect(page.getByText('Order rejected and refunded')).toBeVisible();
    await expect(row).toContainText('Rejected');

    const buyerContext = await browser.newContext();
    try {
      const buyerPage = await buyerContext.newPage();
      await signInAs(buyerPage, buyer);
      await buyerPage.goto('/reseller/profile');
      // $40 deposited, $12.50 debited, $12.50 refunded.
      await expect(balanceChip(buyerPage)).toContainText('$40.00');
      await buyerPage.goto('/reseller/orders');
      const buyerRow = await orderRow(buyerPage, product.name);
      await expect(buyerRow).toContainText('Rejected');
      await buyerRow.getByRole('button', { name: `View order of ${product.name}` }).click();
      await expect(buyerPage.getByRole('dialog', { name: 'Order details' })).toContainText(reason);
    } finally {
      await buyerContext.close();
    }
  });

  for (const look of [
    { language: 'en', width: 1366 },
    { language: 'ar', width: 390 },
  ] as const) {
    test(`a buyer cancels its own pending order and is refunded (${look.language}, ${look.width} px)`, async ({
      page,
      origin,
      admin,
      makeUser,
    }) => {
      const say = (key: string) => text(look.language, key);
      const product = await seedProduct(admin, {
        deliveryType: 'request',
        stockQuantity: 3,
        resellerPrice: 9,
      });
      const buyer = await makeUser('reseller', 'cancel');
      await deposit(admin, buyer.id, 20);
      const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
      await placeOrder(buyerApi, product.id, 1);
      await buyerApi.dispose();

      await page.setViewportSize({ width: look.width, height: 844 });
      await page.addInitScript((language) => {
        window.localStorage.setItem('preferredLanguage', language);
      }, look.language);
      await signInAs(page, buyer);
      await page.goto('/reseller/orders');
      const balance = page.getByLabel(say('balance.label'));
      await expect(balance).toContainText('11.00');
      // Its own purchases: the completed orders' total, by that name (not a revenue, and not the
      // balance's "Spent", which counts pending purchases).
      const stats = page.getByRole('region', { name: say('orders.stats.label') });
      await expect(stats).toContainText(say('orders.stats.completedTotal'));
      await page.getByLabel(say('orders.list.search')).fill(product.name);
      const row = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
      await row.getByRole('button', { name: say('orders.cancel.open'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: say('orders.cancel.title') });
      await dialog.getByLabel(say('orders.cancel.reason')).fill('Customer changed their mind');
      await dialog.getByRole('button', { name: say('orders.cancel.submit') }).click();

      const notice = page.getByText(say('orders.cancel.success'));
      await expect(notice).toBeVisible();
      await expect(row).toContainText(say('orders.status.cancelledByBuyer'));
      // The toast sits under the top bar, never over the row (and its buttons) it reports on.
      const [noticeBox, rowBox] = [await notice.boundingBox(), await row.boundingBox()];
      expect(noticeBox!.y + noticeBox!.height).toBeLessThan(rowBox!.y);
      await expect(balance).toContainText('20.00');
    });
  }
});

test.describe('profit', () => {
  test('a manager earns on its reseller’s purchase and converts the profit to balance', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, {
      managerPrice: 8,
      resellerPrice: 9,
      keys: newKeys(2, 'PROFIT'),
    });
    const manager = await makeUser('manager', 'earner');
    const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
    const reseller = await createUser(origin, managerApi, 'reseller', 'downline');
    await setSellingPrice(managerApi, product.id, 20);
    await deposit(admin, reseller.id, 20);
    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    expect((await placeOrder(resellerApi, product.id)).status).toBe('completed');
    await Promise.all([managerApi.dispose(), resellerApi.dispose()]);

    await signInAs(page, manager);
    await page.goto('/manager/orders');
    await expect(page.getByLabel('Your balance')).toContainText('$0.00');
    await page.getByRole('button', { name: 'Convert profit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert profit to balance' });
    // 20 paid by the reseller, 8 the manager's own cost; the platform's minimum is $10.
    await expect(dialog).toContainText('$12.00');
    await expect(dialog).toContainText('$10.00');
    await dialog.getByRole('button', { name: 'Convert' }).click();

    await expect(page.getByText('$12.00 moved to your balance')).toBeVisible();
    await expect(page.getByLabel('Your balance')).toContainText('$12.00');
  });

  for (const look of [
    { language: 'en', width: 1366 },
    { language: 'ar', width: 390 },
  ] as const) {
    test(`only the manager's own pending order blocks a conversion, said before submitting (${look.language}, ${look.width} px)`, async ({
      page,
      origin,
      admin,
      makeUser,
    }) => {
      const product = await seedProduct(admin, { managerPrice: 8, keys: newKeys(1, 'MARGIN') });
      const request = await seedProduct(admin, {
        deliveryType: 'request',
        stockQuantity: 5,
        managerPrice: 8,
        resellerPrice: 9,
      });
      const manager = await makeUser('manager', 'blocked');
      const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
      const reseller = await createUser(origin, managerApi, 'reseller', 'pendingdown');
      await setSellingPrice(managerApi, product.id, 20);
      await deposit(admin, reseller.id, 40);
      await deposit(admin, manager.id, 8);
      const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
      await placeOrder(resellerApi, product.id);
      // A pending order of the downline does not block; the manager's own one does.
      await placeOrder(resellerApi, request.id);
      const own = await placeOrder(managerApi, request.id, 1, 'Own order');
      await Promise.all([managerApi.dispose(), resellerApi.dispose()]);

      await page.setViewportSize({ width: look.width, height: 844 });
      await page.addInitScript((language) => {
        window.localStorage.setItem('preferredLanguage', language);
      }, look.language);
      await signInAs(page, manager);
      await page.goto('/manager/orders');
      await page.getByRole('button', { name: text(look.language, 'profit.open') }).click();
      const dialog = page.getByRole('dialog', { name: text(look.language, 'profit.title') });
      await expect(dialog.getByRole('alert')).toContainText(
        text(look.language, 'profit.blockedTitle'),
      );
      await expect(
        dialog.getByRole('button', { name: text(look.language, 'profit.submit') }),
      ).toBeDisabled();

      await dialog
        .getByRole('link', { name: text(look.language, 'profit.seePendingOrders') })
        .click();
      await expect(page).toHaveURL(/\/manager\/orders\?status=pending$/);
      await expect(dialog).toBeHidden();
      // On a phone the status filter waits behind the Filters button.
      if (look.width < 640)
        await page.getByRole('button', { name: text(look.language, 'common.filters') }).click();
      await expect(
        page.getByRole('combobox', { name: text(look.language, 'orders.list.statusFilter') }),
      ).toHaveValue('pending');

      // Once its own order is answered, the manager converts although its reseller's is pending.
      await expectOk(
        await admin.patch(`/api/orders/${own.id}/respond`, {
          data: { status: 'rejected', reason: 'Not this time' },
        }),
        'Rejecting the manager’s order',
      );
      await page.reload();
      await page.getByRole('button', { name: text(look.language, 'profit.open') }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('button', { name: text(look.language, 'profit.submit') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel(text(look.language, 'balance.label'))).toContainText('20.00');
    });
  }
});
