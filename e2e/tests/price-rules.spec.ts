import type { Page } from '@playwright/test';
import { newKeys, seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { expect, signInAs, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/axe';
import { chooseLook, shoot } from './support/looks';

/**
 * Standing price rules (docs/adr/0071-standing-price-rules.md): a manager's invitees pay its
 * buying price plus a percentage, unless it set a price by hand; the Price Control list says
 * where each selling price comes from.
 */

/** The manager pays 8.00; the product's reseller price is 10.00. */
const platformPrices = { initialPrice: 5, managerPrice: 8, resellerPrice: 10 };

/** The Price Control row of one product, found through the screen's own search. */
async function priceRow(page: Page, productName: string) {
  await page.getByRole('main').getByLabel('Search products').fill(productName);
  const table = page.getByRole('region', { name: 'Product prices (1)' });
  await expect(table).toBeVisible();
  return table.getByRole('row').filter({ hasText: productName });
}

/** The Standing rules section, by its heading. */
const standingRules = (page: Page) =>
  page.locator('section').filter({
    has: page.getByRole('heading', { name: /^(Standing rules|القواعد الدائمة)$/ }),
  });

test.describe('standing price rules', () => {
  test("a manager's rule prices its reseller, gives way to a hand-set price and goes with its deletion", async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, { ...platformPrices, keys: newKeys(2, 'RULED') });
    const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'rules');

    await signInAs(page, manager);
    await page.goto('/manager/price-control');
    const rules = standingRules(page);
    await expect(rules).toContainText('No rules');
    const row = await priceRow(page, product.name);
    await expect(row).toContainText('Selling price $10.00');
    await expect(row).toContainText('Reseller price');

    // A rule for the product's category: 8.00 + 30 % = 10.40.
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a standing rule' });
    await add.getByLabel('Applies to').selectOption(product.categoryId);
    await add.getByLabel('Markup (%)').fill('30');
    await add.getByRole('button', { name: 'Save rule' }).click();
    await expect(add).toBeHidden();
    await expect(rules.getByRole('list', { name: 'Your standing rules' })).toContainText(
      'Buying price + 30 %',
    );
    await expect(row).toContainText('Selling price $10.40');
    await expect(row).toContainText('By rule');

    // Changed to 50 %: 12.00, which the reseller now pays in the shop.
    const categoryName =
      (await rules.getByRole('listitem').first().locator('span').first().textContent()) ?? '';
    await rules.getByRole('button', { name: `Edit the rule for ${categoryName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the standing rule' });
    await expect(edit.getByLabel('Applies to')).toBeDisabled();
    await edit.getByLabel('Markup (%)').fill('50');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Selling price $12.00');

    // A price set by hand comes first; cleared, the rule applies again.
    await row.getByRole('button', { name: `Edit prices of ${product.name}` }).click();
    const prices = page.getByRole('dialog', { name: 'Edit prices' });
    await prices.getByLabel('Your selling price (USD)').fill('11');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await expect(prices).toBeHidden();
    await expect(row).toContainText('Selling price $11.00');
    await expect(row).toContainText('Set by hand');
    await row.getByRole('button', { name: `Edit prices of ${product.name}` }).click();
    await prices.getByRole('button', { name: 'Use my rule instead' }).click();
    await expect(prices).toBeHidden();
    await expect(row).toContainText('Selling price $12.00');
    await expect(row).toContainText('By rule');

    await signInAs(page, reseller);
    await page.goto('/reseller/products');
    await page.getByRole('main').getByLabel('Search products').fill(product.name);
    await expect(page.getByRole('listitem').filter({ hasText: product.name })).toContainText(
      'Your price $12.00',
    );

    // Deleted, after its confirmation: back to the reseller price.
    await signInAs(page, manager);
    await page.goto('/manager/price-control');
    await standingRules(page)
      .getByRole('button', { name: `Delete the rule for ${categoryName}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete the rule for ${categoryName}?` });
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await expect(confirm).toBeHidden();
    await expect(standingRules(page)).toContainText('No rules');
    const after = await priceRow(page, product.name);
    await expect(after).toContainText('Selling price $10.00');
  });

  for (const language of ['en', 'ar'] as const) {
    test(`the rules section and its dialogs pass axe (${language})`, async ({
      page,
      admin,
      makeUser,
    }) => {
      const product = await seedProduct(admin, platformPrices);
      const manager = await makeUser('manager', 'ruleaxe');
      await signInAs(page, manager);
      expect(
        (
          await page.request.put('/api/price-rules', {
            data: { categoryId: product.categoryId, markupPercent: 25 },
          })
        ).status(),
      ).toBe(200);
      await chooseLook(page, { language, theme: 'light' });
      await page.goto('/manager/price-control');
      await page.getByRole('main').getByRole('searchbox').first().fill(product.name);
      await expect(standingRules(page).getByRole('listitem')).toHaveCount(1);
      await expectNoSeriousViolations(page, `standing rules (${language})`);
      // The add dialog with a refused markup, then the delete confirmation.
      await standingRules(page).getByRole('button').last().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input').fill('2000');
      await dialog.locator('button[type=submit]').click();
      await expect(dialog.locator('[aria-invalid=true]')).toHaveCount(1);
      await expectNoSeriousViolations(page, `standing rule dialog (${language})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await standingRules(page).getByRole('listitem').getByRole('button').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `delete rule confirmation (${language})`);
    });
  }

  test('looks right in English and Arabic, light and dark, on a phone and a desktop', async ({
    page,
    admin,
    makeUser,
  }) => {
    test.skip(!process.env.E2E_SCREENSHOTS, 'pictures for review only (E2E_SCREENSHOTS)');
    const product = await seedProduct(admin, platformPrices);
    const manager = await makeUser('manager', 'rulelook');
    const api = page.request;
    await signInAs(page, manager);
    for (const body of [
      { categoryId: null, markupPercent: 12.5 },
      { categoryId: product.categoryId, markupPercent: 40 },
    ]) {
      expect((await api.put('/api/price-rules', { data: body })).status()).toBe(200);
    }
    for (const language of ['en', 'ar'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await chooseLook(page, { language, theme });
        for (const width of [390, 1366]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/manager/price-control');
          await page.getByRole('main').getByRole('searchbox').first().fill(product.name);
          // The top of the page in the picture, not the top bar stuck over the search box.
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, `price-rules-${language}-${theme}-${width}`);
          // The rule's dialog, its markup refused (more than 2 decimals).
          await standingRules(page).getByRole('button').last().click();
          const dialog = page.getByRole('dialog');
          await dialog.locator('input').fill('12.345');
          await dialog.locator('button[type=submit]').click();
          await expect(dialog.locator('[aria-invalid=true]')).toHaveCount(1);
          await shoot(page, `price-rules-dialog-${language}-${theme}-${width}`);
        }
      }
    }
  });
});
