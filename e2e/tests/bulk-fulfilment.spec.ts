import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit, jsonOf, type TestUser } from './support/api';
import { placeOrder, seedProduct, type Order } from './support/catalogue';
import { sidewaysOverflow } from './support/layout';
import { filled, namespaceText, text } from './support/locales';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';
import { expect, signInAs, test } from './support/fixtures';

/** A request product and a funded buyer's pending orders of it, one per quantity given. */
async function pendingOrders(
  origin: string,
  admin: APIRequestContext,
  buyer: TestUser,
  quantities: number[],
) {
  const product = await seedProduct(admin, {
    deliveryType: 'request',
    stockQuantity: 20,
    resellerPrice: 5,
  });
  await deposit(admin, buyer.id, 100);
  const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
  const orders: Order[] = [];
  for (const quantity of quantities) orders.push(await placeOrder(buyerApi, product.id, quantity));
  await buyerApi.dispose();
  return { product, orders };
}

const orderOf = (admin: APIRequestContext, id: string) =>
  admin.get(`/api/orders/${id}`).then((response) => jsonOf<Order>(response, 'Reading an order'));

async function openCsvDialog(page: Page, language: 'en' | 'fr' | 'ar' = 'en') {
  const bulk = (key: string) => namespaceText(language, 'fulfilment', key);
  await page.getByRole('button', { name: bulk('csv.open') }).click();
  return page.getByRole('dialog', { name: bulk('csv.title') });
}

test('an administrator completes orders from a CSV and rejects a selection with one reason', async ({
  page,
  origin,
  admin,
  makeUser,
}) => {
  const buyer = await makeUser('reseller', 'bulk');
  const { product, orders } = await pendingOrders(origin, admin, buyer, [2, 1, 1, 1]);
  const [two, one, miscounted, left] = orders as [Order, Order, Order, Order];

  await signInAs(page, ADMIN);
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(product.name);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);

  const dialog = await openCsvDialog(page);
  await dialog
    .getByLabel('Paste the CSV')
    .fill(
      [
        'orderId,key',
        `${two.id},"ACCOUNT, ONE"`,
        `${two.id},ACCOUNT-TWO`,
        `${one.id},SINGLE`,
        `${miscounted.id},X,Y`,
        'nonsense',
      ].join('\n'),
    );
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const preview = dialog.getByRole('table', { name: 'Orders in the CSV' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  const refused = preview.getByRole('row').filter({ hasText: miscounted.id.slice(0, 8) });
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText('Needs exactly 1 key (the CSV gives 2)');
  await expect(dialog.getByRole('alert')).toContainText(
    'Line 6: it does not start with an order id',
  );
  await dialog.getByRole('button', { name: 'Complete 2 orders' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 done, 1 refused.');
  await dialog
    .getByRole('button', { name: text('en', 'common.close') })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  expect(await orderOf(admin, two.id)).toMatchObject({
    status: 'completed',
    responseKeys: ['ACCOUNT, ONE', 'ACCOUNT-TWO'],
  });
  expect((await orderOf(admin, one.id)).status).toBe('completed');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Completed' })).toHaveCount(2);

  // The two orders still pending, rejected together.
  await page
    .getByRole('checkbox', { name: `Select the order of ${product.name}` })
    .first()
    .check();
  await page
    .getByRole('checkbox', { name: `Select the order of ${product.name}` })
    .last()
    .check();
  await shoot(page, 'bulk-selection-en-1366');
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await shoot(page, 'bulk-selection-en-390');
  await page.getByRole('button', { name: 'Reject 2 selected' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 2 orders' });
  await reject.getByLabel('Reason').fill('Supplier out of stock');
  await reject.getByRole('button', { name: 'Reject 2 orders' }).click();
  await expect(reject.getByRole('status')).toHaveText('2 done, 0 refused.');
  await expect(reject.getByRole('row').filter({ hasText: 'Rejected and refunded' })).toHaveCount(2);
  await shoot(page, 'bulk-reject-results-en-390');

  for (const order of [miscounted, left]) {
    expect(await orderOf(admin, order.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Supplier out of stock',
    });
  }
});

test('the CSV preview in every look of the sweep', async ({ page, origin, admin, makeUser }) => {
  const buyer = await makeUser('reseller', 'looks');
  const { orders } = await pendingOrders(origin, admin, buyer, [2, 1]);
  const [two, one] = orders as [Order, Order];
  const csv = [`${two.id},"KEY, 1",KEY-2`, `${one.id},A,B`, 'nonsense'].join('\n');

  await signInAs(page, ADMIN);
  for (const look of sweep) {
    await chooseSizedLook(page, look);
    await page.goto('/admin/orders');
    await expect(page.locator('html')).toHaveAttribute('lang', look.language);
    const bulk = (key: string) => namespaceText(look.language, 'fulfilment', key);
    const dialog = await openCsvDialog(page, look.language);
    await dialog.getByLabel(bulk('csv.paste')).fill(csv);
    await dialog.getByRole('button', { name: bulk('csv.preview') }).click();
    await expect(dialog.getByRole('table')).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText(
      filled(look.language, bulk('unparsable.not_an_order'), { line: 3 }),
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    await shoot(page, `bulk-csv-${lookName(look)}`);
  }
});
