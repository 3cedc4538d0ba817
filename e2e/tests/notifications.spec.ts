import type { Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit, expectOk } from './support/api';
import { placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a reseller sees the bell count rise and its order complete when the admin answers it in another browser, without reloading', async ({
  page,
  browser,
  origin,
  admin,
  makeUser,
}) => {
  // Two browsers on a shared machine.
  test.setTimeout(120_000);
  const product = await seedProduct(admin, {
    deliveryType: 'request',
    stockQuantity: 5,
    resellerPrice: 6,
  });
  const buyer = await makeUser('reseller', 'bell');
  await deposit(admin, buyer.id, 20);
  const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
  // The deposit told the buyer already: start from nothing unread.
  await expectOk(await buyerApi.post('/api/notifications/read-all', { data: {} }), 'Read all');
  const order = await placeOrder(buyerApi, product.id, 1);
  await buyerApi.dispose();

  await signInAs(page, buyer);
  await page.goto('/reseller/orders');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Pending');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // The administrator, in a browser of its own, sends the keys.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, ADMIN);
    await adminPage.goto('/admin/orders');
    await adminPage.getByLabel('Search orders').fill(product.name);
    const adminRow = adminPage
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: product.name });
    await adminRow.getByRole('button', { name: 'Send keys' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Send product keys' });
    await dialog.getByLabel('Keys or account details').fill('ACCOUNT-LIVE');
    await dialog.getByRole('button', { name: 'Send keys' }).click();
    await expect(adminPage.getByText('Keys sent; the order is complete')).toBeVisible();
  } catch (error) {
    await adminContext
      .pages()[0]
      ?.screenshot({ path: '/tmp/shots-notifications/e2e-admin-fail.png' });
    throw error;
  } finally {
    await adminContext.close();
  }

  // The buyer's page heard it: the bell counts one, the row says Completed.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(row).toContainText('Completed');
  expect(reloaded).toBe(false);

  // The entry leads to the order; opening it marks it read.
  await bell(page).click();
  const entry = page.getByRole('menuitem', { name: /Your order was completed/ });
  await expect(entry).toContainText(product.name);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/reseller/orders\\?order=${order.id}`));
  const details = page.getByRole('dialog', { name: 'Order details' });
  await expect(details.getByText('ACCOUNT-LIVE')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test("a reseller watching its dashboard sees the balance, the top bar and its order counts follow the admin's rejection, without reloading", async ({
  page,
  browser,
  admin,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const product = await seedProduct(admin, {
    deliveryType: 'request',
    stockQuantity: 5,
    resellerPrice: 6,
  });
  const buyer = await makeUser('reseller', 'dashlive');
  await deposit(admin, buyer.id, 20);
  await signInAs(page, buyer);
  await placeOrder(page.request, product.id, 1);

  await page.goto('/reseller');
  const card = (name: string) => page.getByRole('group', { name, exact: true });
  const topBar = page.getByLabel('Your balance');
  // The card's headline (its details hold the total credited, $20.00 from the start).
  await expect(card('Balance')).toContainText(/^Balance\s*\$14\.00/);
  await expect(topBar).toContainText('$14.00');
  await expect(card('My orders')).toContainText('Pending1');
  await expect(card('My orders')).toContainText('Rejected0');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // The administrator rejects the order in a browser of its own: the buyer is refunded.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, ADMIN);
    await adminPage.goto('/admin/orders');
    await adminPage.getByLabel('Search orders').fill(product.name);
    await adminPage
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: 'Reject' })
      .click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reject order' });
    await dialog.getByLabel('Reason').fill('No codes left');
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(adminPage.getByText('Order rejected and refunded')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // Every figure on the buyer's screen follows the one refund.
  await expect(topBar).toContainText('$20.00');
  await expect(card('Balance')).toContainText(/^Balance\s*\$20\.00/);
  await expect(card('My orders')).toContainText('Pending0');
  await expect(card('My orders')).toContainText('Rejected1');
  expect(reloaded).toBe(false);
});
