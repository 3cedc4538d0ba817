import type { Locator, Page } from '@playwright/test';
import { ADMIN, jsonOf, uniqueSuffix } from './support/api';
import { image, newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { filled, namespaceText, text } from './support/locales';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Fills the three names of a category or subcategory dialog. */
async function fillNames(dialog: Locator, en: string, fr: string, ar: string) {
  await dialog.getByLabel('Name (English)').fill(en);
  await dialog.getByLabel('Name (French)').fill(fr);
  await dialog.getByLabel('Name (Arabic)').fill(ar);
}

/** The table row of one product, found through the screen's own search. */
async function productRow(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(name);
  return page.getByRole('table').getByRole('row').filter({ hasText: name });
}

test.describe('admin catalogue', () => {
  test('the admin builds a category, a subcategory and an instant product, imports keys, deletes and restores it', async ({
    page,
    admin,
  }) => {
    // Three dialogs and a key import on a machine shared with other runs.
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const category = `Games ${suffix}`;
    const subcategory = `Steam ${suffix}`;
    const product = `Elden Ring ${suffix}`;

    await signInAs(page, ADMIN);
    await page.goto('/admin');
    await navigation(page).getByRole('link', { name: 'Categories' }).click();
    await expect(
      page.getByRole('heading', { name: 'Categories and Subcategories', level: 1 }),
    ).toBeVisible();

    // A category, with its image previewed before it is sent.
    await page.getByRole('button', { name: 'New category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    await fillNames(categoryDialog, category, `Jeux ${suffix}`, `ألعاب ${suffix}`);
    await categoryDialog.getByLabel('Description (English, optional)').fill('Game keys');
    await categoryDialog.getByLabel('Image').setInputFiles(image());
    await expect(categoryDialog.getByAltText('Preview of the chosen image')).toBeVisible();
    await categoryDialog.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText(`Category ${category} created`)).toBeVisible();
    await expect(categoryDialog).toBeHidden();
    const card = page.getByRole('region', { name: category });
    // Decorative beside the name (alt=""), so found by tag rather than role.
    await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/files\//);

    // A subcategory in it.
    await card.getByRole('button', { name: `Add subcategory to ${category}` }).click();
    const subcategoryDialog = page.getByRole('dialog', { name: 'New subcategory' });
    await fillNames(subcategoryDialog, subcategory, `Steam FR ${suffix}`, `ستيم ${suffix}`);
    await subcategoryDialog.getByLabel('Image').setInputFiles(image());
    await subcategoryDialog.getByRole('button', { name: 'Create subcategory' }).click();
    await expect(page.getByText(`Subcategory ${subcategory} created`)).toBeVisible();
    await expect(card.getByText(subcategory)).toBeVisible();

    // An instant product with an image: no keys yet, so out of stock.
    await navigation(page).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New product' }).click();
    const productDialog = page.getByRole('dialog', { name: 'New product' });
    await productDialog.getByLabel('Name', { exact: true }).fill(product);
    await productDialog.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await productDialog.getByLabel('Subcategory').selectOption({ label: subcategory });
    await expect(productDialog.getByLabel('Instant')).toBeChecked();
    await productDialog.getByLabel('Show the “New” badge').check();
    await productDialog.getByLabel('Initial price (USD)').fill('5');
    await productDialog.getByLabel('Manager price (USD)').fill('8');
    await productDialog.getByLabel('Reseller price (USD)').fill('10.5');
    await productDialog.getByLabel('Image').setInputFiles(image());
    await productDialog.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText(`Product ${product} created`)).toBeVisible();

    const row = await productRow(page, product);
    await expect(row).toContainText(category);
    await expect(row).toContainText(subcategory);
    await expect(row).toContainText('Instant');
    await expect(row).toContainText('New');
    await expect(row).toContainText('Out of stock');
    await expect(row).toContainText('$10.50');

    // Keys: one pasted twice and a blank line, both reported.
    await row.getByRole('button', { name: `Manage keys of ${product}` }).click();
    const keysDialog = page.getByRole('dialog', { name: `Keys of ${product}` });
    const keys = [`A-${suffix}`, `B-${suffix}`, '', `A-${suffix}`, `C-${suffix}`].join('\n');
    await keysDialog.getByLabel('Keys, one per line').fill(keys);
    await expect(keysDialog.getByText('Keys to import: 4')).toBeVisible();
    await keysDialog.getByRole('button', { name: 'Import keys' }).click();
    const result = keysDialog.getByRole('region', { name: 'Import finished' });
    await expect(result).toContainText('Added3');
    await expect(result).toContainText('Duplicates skipped1');
    await expect(result).toContainText('Blank lines skipped1');
    await expect(result).toContainText('Stock now3');
    await expect(keysDialog.getByText('Keys in the inventory: 3')).toBeVisible();
    await expect(keysDialog.getByText('Available')).toHaveCount(3);
    // Listed masked: the end of the key at most, never the whole of it.
    await expect(keysDialog.getByText(`A-${suffix}`, { exact: true })).toHaveCount(0);
    // A Close button, like the other dialogs (Escape works too).
    await keysDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(keysDialog).toBeHidden();
    await expect(row.getByRole('cell').nth(5)).toHaveText('3');
    await expect(row).not.toContainText('Out of stock');

    // Deleted (after confirming), listed among the deleted, restored.
    await row.getByRole('button', { name: `Delete ${product}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${product}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(`Product ${product} deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Deleted', exact: true }).click();
    const deletedRow = page.getByRole('table').getByRole('row').filter({ hasText: product });
    await expect(deletedRow).toContainText('Deleted');
    await deletedRow.getByRole('button', { name: `Restore ${product}` }).click();
    await expect(page.getByText(`Product ${product} restored`)).toBeVisible();
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(row.getByRole('cell').nth(5)).toHaveText('3');

    // What the screens did is what the API holds.
    const listed = await jsonOf<{
      data: { name: string; stockQuantity: number; badges: string[] }[];
    }>(await admin.get('/api/products', { params: { search: product } }), 'Listing the product');
    expect(listed.data).toEqual([
      expect.objectContaining({ name: product, stockQuantity: 3, badges: ['new', 'instant'] }),
    ]);
  });

  test('the keys dialog has a Close button in Arabic on a phone (390 px) too', async ({
    page,
    admin,
  }) => {
    // English at 1366 px is the test above; the same button, right to left on a phone.
    const product = await seedProduct(admin, { keys: newKeys(2, 'CLOSE') });
    const catalogue = (key: string) => namespaceText('ar', 'catalogue', key);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
    await signInAs(page, ADMIN);
    await page.goto('/admin/products');
    await page
      .getByRole('searchbox', { name: catalogue('products.search'), exact: true })
      .fill(product.name);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
    await row
      .getByRole('button', {
        name: filled('ar', catalogue('products.manageKeys'), { name: product.name }),
      })
      .click();
    const keysDialog = page.getByRole('dialog', {
      name: filled('ar', catalogue('keys.title'), { name: product.name }),
    });
    await expect(keysDialog).toContainText(
      filled('ar', catalogue('keys.inventoryCount'), { count: 2 }),
    );
    const close = keysDialog.getByRole('button', { name: text('ar', 'common.close'), exact: true });
    const box = (await close.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await close.click();
    await expect(keysDialog).toBeHidden();
  });

  test('deleting a category that still has products is refused with the reason, in Arabic too', async ({
    page,
    admin,
  }) => {
    const seeded = await seedProduct(admin);
    const categories = await jsonOf<{ data: { id: string; nameEn: string; nameAr: string }[] }>(
      await admin.get('/api/categories'),
      'Listing categories',
    );
    const category = categories.data.find((candidate) => candidate.id === seeded.categoryId)!;

    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
    await signInAs(page, ADMIN);
    await page.goto('/admin/categories');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = page.getByRole('region', { name: category.nameAr });
    await card.getByRole('button', { name: `حذف الفئة \u2068${category.nameAr}\u2069` }).click();
    const dialog = page.getByRole('dialog', { name: `حذف الفئة \u2068${category.nameAr}\u2069؟` });
    await dialog.getByRole('button', { name: 'حذف', exact: true }).click();

    await expect(dialog.getByRole('alert')).toContainText(
      'لا تزال هذه الفئة تحتوي على منتجات أو فئات فرعية',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
  });
});
