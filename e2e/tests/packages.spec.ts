import type { Page } from '@playwright/test';
import { ADMIN, type TestUser } from './support/api';
import { seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { expect, signInAs, test } from './support/fixtures';

/** Builds a package in the open form: its name and one product at the given prices. */
async function fillPackageForm(
  page: Page,
  name: string,
  productName: string,
  prices: { manager?: string; reseller: string },
) {
  const dialog = page.getByRole('dialog', { name: 'New package' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Search products to add').fill(productName);
  await dialog.getByRole('button', { name: `Add ${productName} to the package` }).click();
  if (prices.manager) {
    await dialog.getByLabel(`Manager price of ${productName} (USD)`).fill(prices.manager);
  }
  await dialog.getByLabel(`Reseller price of ${productName} (USD)`).fill(prices.reseller);
  await dialog.getByRole('button', { name: 'Save package' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Package ${name} created`)).toBeVisible();
}

/** Assigns the package named `name` to `user` through its assign dialog. */
async function assignTo(page: Page, name: string, user: TestUser) {
  await page.getByRole('button', { name: `Assign ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign ${name}` });
  await dialog.getByLabel('Search users').fill(user.username);
  await dialog.getByRole('radio', { name: new RegExp(user.username) }).check();
  await dialog.getByRole('button', { name: 'Assign package' }).click();
  await expect(page.getByText(`${name} assigned to ${user.username}`)).toBeVisible();
}

async function shopPrice(page: Page, productName: string) {
  await page.getByRole('main').getByLabel('Search products').fill(productName);
  return page.getByRole('listitem').filter({ hasText: productName });
}

test('package prices reach their holders: an admin package for a manager, its own for a reseller', async ({
  page,
  origin,
  admin,
  makeUser,
}) => {
  const product = await seedProduct(admin, { initialPrice: 5, managerPrice: 8, resellerPrice: 10 });
  const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'holder');
  const adminPackage = `Gold ${Date.now().toString(36)}`;

  await signInAs(page, ADMIN);
  await page.goto('/admin/packages');
  await expect(page.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New package' }).click();
  await fillPackageForm(page, adminPackage, product.name, { manager: '6.5', reseller: '9' });
  const row = page.getByRole('row').filter({ hasText: adminPackage });
  await expect(row).toContainText('1');
  await assignTo(page, adminPackage, manager);
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  // The manager pays the package price, and builds its own package for its reseller.
  await signInAs(page, manager);
  await page.goto('/manager/products');
  await expect(await shopPrice(page, product.name)).toContainText('Your price $6.50');

  await page.goto('/manager/packages');
  await page.getByRole('button', { name: 'New package' }).click();
  await fillPackageForm(page, 'Friends', product.name, { reseller: '7' });
  await assignTo(page, 'Friends', reseller);

  await signInAs(page, reseller);
  await page.goto('/reseller/products');
  await expect(await shopPrice(page, product.name)).toContainText('Your price $7.00');
  // Resellers have no packages screen.
  await page.goto('/reseller/packages');
  await expect(page.getByRole('heading', { name: 'Packages', level: 1 })).toHaveCount(0);
});
