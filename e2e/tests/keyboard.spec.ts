import type { Locator, Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit, uniqueSuffix } from './support/api';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

/**
 * The main flows with the keyboard alone: every action below is a key press or typing, never a
 * click, and focus is checked where a keyboard user expects it.
 */

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** Replaces the focused field's content, as a keyboard user would. */
async function retype(page: Page, value: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
}

test('signing in with the keyboard alone', async ({ page, makeUser }) => {
  const reseller = await makeUser('reseller', 'kbd');
  await page.goto('/login');

  // The first field has the focus on arrival.
  await expect(page.getByLabel('Username or email')).toBeFocused();
  await page.keyboard.type(reseller.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(reseller.password);
  // Shift+Tab goes back to the identifier with its text kept.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Username or email')).toBeFocused();
  await expect(page.getByLabel('Username or email')).toHaveValue(reseller.username);

  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reseller(\/|$)/);
});

test('a reseller buys an instant product with the keyboard alone', async ({
  page,
  admin,
  makeUser,
}) => {
  const keys = newKeys(3, 'KBD');
  const product = await seedProduct(admin, { resellerPrice: 10, keys });
  const reseller = await makeUser('reseller', 'kbdbuy');
  await deposit(admin, reseller.id, 50);

  await signInAs(page, reseller);
  await page.goto('/reseller/products');
  await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
  await page.keyboard.type(product.name);

  const buy = page.getByRole('button', { name: `Buy ${product.name}` });
  await tabTo(page, buy);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Buy ${product.name}` });
  await expect(dialog).toBeVisible();
  // The dialog opens on its first field.
  const quantity = dialog.getByLabel('Quantity');
  await expect(quantity).toBeFocused();
  await retype(page, '2');
  await expect(dialog).toContainText('$20.00');

  const confirm = dialog.getByRole('button', { name: 'Confirm purchase' });
  await tabTo(page, confirm, { limit: 10 });
  await page.keyboard.press('Space');

  await expect(dialog.getByRole('status')).toContainText('Your order is complete');
  const delivered = await dialog.locator('code').allTextContents();
  expect(delivered).toHaveLength(2);
  for (const key of delivered) expect(keys).toContain(key);

  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});

test('the admin sends the keys of a request order with the keyboard alone', async ({
  page,
  origin,
  admin,
  makeUser,
}) => {
  const product = await seedProduct(admin, { deliveryType: 'request', stockQuantity: 3 });
  const buyer = await makeUser('reseller', 'kbdreq');
  await deposit(admin, buyer.id, 30);
  const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
  await placeOrder(buyerApi, product.id, 1);
  await buyerApi.dispose();

  await signInAs(page, ADMIN);
  await page.goto('/admin/orders');
  await tabTo(page, page.getByLabel('Search orders'));
  await page.keyboard.type(product.name);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Pending');

  const open = row.getByRole('button', { name: 'Send keys' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send product keys' });
  const keysField = dialog.getByLabel('Keys or account details');
  await expect(keysField).toBeFocused();

  // Escape first: nothing is sent and the focus is back on the row's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(keysField).toBeFocused();
  await page.keyboard.type(`ACCOUNT-${uniqueSuffix()}`);
  await tabTo(page, dialog.getByRole('button', { name: 'Send keys' }), { limit: 10 });
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Completed');
});

test('a reseller opens a support ticket with the keyboard alone', async ({ page, makeUser }) => {
  const reseller = await makeUser('reseller', 'kbdtkt');
  const subject = `Keyboard ticket ${uniqueSuffix()}`;

  await signInAs(page, reseller);
  await page.goto('/reseller/tickets');
  await expect(page.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();

  await tabTo(page, page.getByLabel('Subject'));
  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('The key I bought this morning is refused by the store.');
  await tabTo(page, page.getByRole('button', { name: 'Send ticket' }), { limit: 10 });
  await page.keyboard.press('Enter');

  await expect(page.getByText('Ticket sent. An administrator will answer soon.')).toBeVisible();
  await expect(page.getByRole('article', { name: subject })).toContainText('Open');
  await expect(page.getByLabel('Subject')).toHaveValue('');
});
