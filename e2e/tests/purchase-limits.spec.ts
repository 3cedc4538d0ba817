import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, deposit, expectOk, type TestUser } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { expect, signInAs, test, type MakeUser } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { filled, namespaceText, text } from './support/locales';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';

/** A product's purchase limits, as an administrator sets them with the product. */
async function limitProduct(
  admin: APIRequestContext,
  productId: string,
  limits: { maxOrderQuantity?: number | null; maxDailyQuantity?: number | null },
) {
  await expectOk(
    await admin.patch(`/api/products/${productId}`, { data: limits }),
    'Setting the product limits',
  );
}

/** Opens the buy dialog of `name` on the reseller's Products screen. */
async function openBuyDialog(page: Page, name: string) {
  await page.goto('/reseller/products');
  await page.getByLabel('Search products', { exact: true }).fill(name);
  await page.getByRole('button', { name: `Buy ${name}` }).click();
  return page.getByRole('dialog', { name: `Buy ${name}` });
}

test('an inviter caps its invitee, who is told what is left today and refused beyond it', async ({
  page,
  browser,
  origin,
  admin,
  makeUser,
}) => {
  const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'cap');
  await deposit(admin, reseller.id, 200);
  const product = await seedProduct(admin, {
    resellerPrice: 10,
    managerPrice: 8,
    keys: newKeys(10, 'CAP'),
  });
  await limitProduct(admin, product.id, { maxDailyQuantity: 3 });

  // The manager sets the cap on its invitee from its Users screen.
  await signInAs(page, manager);
  await page.goto('/manager/users');
  await page.getByLabel('Search users').fill(reseller.username);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: reseller.username });
  await expect(row).toContainText('No cap');
  await row.getByRole('button', { name: `Actions for ${reseller.username}` }).click();
  await page.getByRole('menuitem', { name: 'Purchase limits' }).click();
  const limits = page.getByRole('dialog', { name: `Purchase limits for ${reseller.username}` });
  await expect(limits).toContainText('00:00 UTC');
  await limits.getByLabel('Daily spending cap (USD)').fill('25');
  await limits.getByLabel('Most units in one order').fill('2');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits).toBeHidden();
  await expect(row).toContainText('$0.00 of $25.00');

  // The invitee reads its allowance in the buy dialog and buys within it.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  try {
    await signInAs(buyerPage, reseller);
    let dialog = await openBuyDialog(buyerPage, product.name);
    const allowance = dialog.getByTestId('purchase-allowance');
    await expect(allowance).toContainText('3 left today');
    await expect(allowance).toContainText('At most 2 in one order');
    await expect(allowance).toContainText('$25.00 left to spend today');
    await expect(allowance).toContainText('00:00 UTC');
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(dialog.getByRole('status')).toContainText('Your order is complete');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // One unit of the product's 3 a day is left, and $5 of the cap: a second unit is refused
    // by the cap, in place, naming it.
    dialog = await openBuyDialog(buyerPage, product.name);
    await expect(dialog.getByTestId('purchase-allowance')).toContainText('1 left today');
    await expect(dialog.getByTestId('purchase-allowance')).toContainText(
      '$5.00 left to spend today',
    );
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(dialog.getByLabel('Quantity')).toHaveAccessibleDescription('Only 1 more allowed');
    await dialog.getByLabel('Quantity').fill('1');
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Over your daily spending limit of $25.00: $20.00 spent today.',
    );
  } finally {
    await buyer.close();
  }

  // The inviter sees today's spend against the cap.
  await page.reload();
  await page.getByLabel('Search users').fill(reseller.username);
  await expect(row).toContainText('$20.00 of $25.00');
});

type Seeded = { manager: TestUser; reseller: TestUser; product: { id: string; name: string } };
let seeded: Promise<Seeded> | undefined;

/**
 * A manager, its invitee with a balance, and a product with limits: made once per run and shared
 * by the looks, which only open screens and dialogs and change nothing.
 */
function seedOnce(origin: string, admin: APIRequestContext, makeUser: MakeUser): Promise<Seeded> {
  seeded ??= (async () => {
    const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'limlook');
    await deposit(admin, reseller.id, 100);
    const product = await seedProduct(admin, { keys: newKeys(5, 'LOOK') });
    await limitProduct(admin, product.id, { maxOrderQuantity: 4, maxDailyQuantity: 3 });
    return { manager, reseller, product };
  })();
  return seeded;
}

test.describe('screens', () => {
  for (const look of sweep) {
    const { language } = look;
    test(`the limits' screens in ${lookName(look)}`, async ({
      page,
      browser,
      origin,
      admin,
      makeUser,
    }) => {
      const { manager, reseller, product } = await seedOnce(origin, admin, makeUser);
      const invitee = await browser.newContext();
      const inviteePage = await invitee.newPage();
      try {
        const name = lookName(look);
        await chooseSizedLook(page, look);
        await chooseSizedLook(inviteePage, look);
        await signInAs(page, manager);
        await signInAs(inviteePage, reseller);
        await page.goto('/manager/users');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByText(reseller.username).first()).toBeVisible();
        expect(await sidewaysOverflow(page)).toBe(0);
        await shoot(page, `limits-users-${name}`);
        const users = (key: string) => namespaceText(language, 'users', key);
        await page
          .getByRole('button', {
            name: filled(language, users('actions.menuFor'), { name: reseller.username }),
          })
          .click();
        await page
          .getByRole('menuitem', { name: namespaceText(language, 'limits', 'users.action') })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, `limits-user-dialog-${name}`);

        await inviteePage.goto('/reseller/products');
        await inviteePage
          .getByLabel(text(language, 'shop.search'), { exact: true })
          .fill(product.name);
        await inviteePage
          .getByRole('button', {
            name: filled(language, text(language, 'shop.buyProduct'), { name: product.name }),
          })
          .click();
        const buy = inviteePage.getByRole('dialog');
        await expect(buy.getByTestId('purchase-allowance')).toBeVisible();
        expect(await sidewaysOverflow(inviteePage)).toBe(0);
        await shoot(inviteePage, `limits-buy-dialog-${name}`);
      } finally {
        await invitee.close();
      }
    });
  }

  test('the admin product dialog with its limits, in every look of the sweep', async ({
    page,
    admin,
  }) => {
    const product = await seedProduct(admin, { keys: newKeys(1, 'ADM') });
    await limitProduct(admin, product.id, { maxOrderQuantity: 4, maxDailyQuantity: 10 });
    await signInAs(page, ADMIN);
    for (const look of sweep) {
      const { language } = look;
      await chooseSizedLook(page, look);
      const catalogue = (key: string) => namespaceText(language, 'catalogue', key);
      await page.goto('/admin/products');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByLabel(catalogue('products.search'), { exact: true }).fill(product.name);
      await page
        .getByRole('button', {
          name: filled(language, catalogue('products.edit'), { name: product.name }),
        })
        .click();
      const dialog = page.getByRole('dialog');
      const limits = dialog.getByTestId('product-limits');
      await limits.scrollIntoViewIfNeeded();
      await expect(limits.getByRole('spinbutton').first()).toHaveValue('4');
      await shoot(page, `limits-product-dialog-${lookName(look)}`);
    }
  });
});
