import type { Page } from '@playwright/test';
import { ADMIN } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { expect, signInAs, test } from './support/fixtures';

/** The platform's cost, manager price and reseller price of the products these tests price. */
const platformPrices = { initialPrice: 5, managerPrice: 8, resellerPrice: 10 };

/** A price as sentences carry it: isolated left to right, for Arabic. */
const isolated = (price: string) => `\u2066${price}\u2069`;

/** The Price Control row of one product, found through the screen's own search. */
async function priceRow(page: Page, productName: string) {
  await page.getByRole('main').getByLabel('Search products').fill(productName);
  const table = page.getByRole('region', { name: 'Product prices (1)' });
  await expect(table).toBeVisible();
  return table.getByRole('row').filter({ hasText: productName });
}

test.describe('price control', () => {
  test("a manager's selling price is what its reseller pays in the shop", async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, { ...platformPrices, keys: newKeys(2, 'PRICED') });
    const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'seller');

    await signInAs(page, manager);
    await page.goto('/manager');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Control price' })
      .click();
    await expect(page.getByRole('heading', { name: 'Control price', level: 1 })).toBeVisible();
    await expect(page.getByText('Prices are entered in USD only.').first()).toBeVisible();

    const row = await priceRow(page, product.name);
    await expect(row).toContainText('Buying price $8.00');
    await row.getByRole('button', { name: `Edit prices of ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit prices' });
    await expect(dialog).toContainText('Your buying price: $8.00');
    await dialog.getByLabel('Your selling price (USD)').fill('12.5');
    await dialog.getByRole('button', { name: 'Save prices' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Prices of ${product.name} updated`)).toBeVisible();
    await expect(row).toContainText('Selling price $12.50');

    // The reseller the manager invited now pays that price.
    await signInAs(page, reseller);
    await page.goto('/reseller/products');
    await page.getByRole('main').getByLabel('Search products').fill(product.name);
    const listing = page.getByRole('listitem').filter({ hasText: product.name });
    await expect(listing).toContainText('Your price $12.50');
  });

  test('a bulk update that would sell below cost is refused in its preview and changes nothing', async ({
    page,
    admin,
    makeUser,
  }) => {
    const product = await seedProduct(admin, platformPrices);
    const manager = await makeUser('manager', 'bulk');

    await signInAs(page, manager);
    await page.goto('/manager/price-control');
    const row = await priceRow(page, product.name);
    await expect(row).toContainText('Selling price $10.00');
    await row.getByRole('checkbox', { name: `Select ${product.name}` }).check();
    await page.getByLabel('Selling price change (USD)').fill('-5');
    await page.getByRole('button', { name: 'Apply to the selection (1)' }).click();

    // Refused before anything is sent: the product, its price before and after, and why.
    const dialog = page.getByRole('dialog', { name: 'Change the prices of 1 product?' });
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText('1 product would fall below its lowest price');
    await expect(refusal).toContainText('Selling price: $10.00 → $5.00');
    await expect(refusal).toContainText(
      `The selling price would fall below your buying price (${isolated('$8.00')})`,
    );
    await expect(dialog.getByRole('button', { name: 'Change prices' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // All or nothing: after a reload the price is still the old one.
    await page.reload();
    const reloaded = await priceRow(page, product.name);
    await expect(reloaded).toContainText('Selling price $10.00');

    // The same refusal in French.
    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'fr'));
    await page.reload();
    const frenchRow = page.getByRole('row').filter({ hasText: product.name });
    await page.getByRole('main').getByLabel('Rechercher des produits').fill(product.name);
    await frenchRow.getByRole('checkbox').check();
    await page.getByLabel('Variation du prix de vente (USD)').fill('-5');
    await page.getByRole('button', { name: 'Appliquer à la sélection (1)' }).click();
    const frenchDialog = page.getByRole('dialog', { name: 'Modifier les prix de 1 produit ?' });
    await expect(frenchDialog.getByRole('alert')).toContainText(
      "Le prix de vente passerait sous votre prix d'achat",
    );
    await expect(frenchDialog.getByRole('button', { name: 'Modifier les prix' })).toBeDisabled();
  });

  test("a manager raises a category's selling prices by a percentage, each rounded to the cent", async ({
    page,
    admin,
    makeUser,
  }) => {
    // The manager pays 8 and sells at the reseller price, 9.99, until it sets its own.
    const product = await seedProduct(admin, { ...platformPrices, resellerPrice: 9.99 });
    const manager = await makeUser('manager', 'percent');

    await signInAs(page, manager);
    await page.goto('/manager/price-control');
    await page.getByRole('main').getByLabel('Category').selectOption(product.categoryId);
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row).toContainText('Selling price $9.99');

    await page.getByRole('button', { name: 'Percentage (%)' }).click();
    await page.getByLabel('Apply to').selectOption('category');
    const change = page.getByLabel('Selling price change (%)');
    await change.fill('-35');
    await page.getByRole('button', { name: 'Apply to the category' }).click();
    // 9.99 at -35 % is 6.49: below the buying price, refused before anything is sent.
    const refused = page.getByRole('dialog', { name: 'Change the prices of 1 product?' });
    await expect(refused.getByRole('alert')).toContainText('Selling price: $9.99 → $6.49');
    await expect(refused.getByRole('button', { name: 'Change prices' })).toBeDisabled();
    await refused.getByRole('button', { name: 'Cancel' }).click();

    await change.fill('15');
    await page.getByRole('button', { name: 'Apply to the category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the prices of 1 product?' });
    // 9.99 × 1.15 = 11.4885: half a cent and more rounds up.
    await expect(dialog).toContainText('Selling price: $9.99 → $11.49');
    await expect(dialog).toContainText('Products added later keep their own prices.');
    await dialog.getByRole('button', { name: 'Change prices' }).click();
    await expect(page.getByText('Prices updated for 1 product')).toBeVisible();
    await expect(row).toContainText('Selling price $11.49');

    // What the server kept, read back after a reload.
    await page.reload();
    const reloaded = await priceRow(page, product.name);
    await expect(reloaded).toContainText('Selling price $11.49');
  });

  test('an admin moves the platform prices of the selected products by signed amounts', async ({
    page,
    admin,
  }) => {
    const name = `Bulk ${Date.now().toString(36)}`;
    const first = await seedProduct(admin, {
      name: `${name} A`,
      managerPrice: 8,
      resellerPrice: 10,
    });
    const second = await seedProduct(admin, {
      name: `${name} B`,
      managerPrice: 9,
      resellerPrice: 11,
    });

    await signInAs(page, ADMIN);
    await page.goto('/admin/price-control');
    await page.getByRole('main').getByLabel('Search products').fill(name);
    const table = page.getByRole('region', { name: 'Product prices (2)' });
    await table.getByRole('checkbox', { name: 'Select all listed products (2)' }).check();
    await page.getByLabel('Manager price change (USD)').fill('1.5');
    await page.getByLabel('Reseller price change (USD)').fill('-1');
    await page.getByRole('button', { name: 'Apply to the selection (2)' }).click();
    await page
      .getByRole('dialog', { name: 'Change the prices of 2 products?' })
      .getByRole('button', { name: 'Change prices' })
      .click();
    await expect(page.getByText('Prices updated for the selected products (2)')).toBeVisible();

    const rowOf = (productName: string) => table.getByRole('row').filter({ hasText: productName });
    await expect(rowOf(first.name)).toContainText('Manager price $9.50');
    await expect(rowOf(first.name)).toContainText('Reseller price $9.00');
    await expect(rowOf(second.name)).toContainText('Manager price $10.50');
    await expect(rowOf(second.name)).toContainText('Reseller price $10.00');
  });
});
