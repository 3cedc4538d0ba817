import { ADMIN, apiSignedInAs, deposit } from './support/api';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { expect, signInAs, test } from './support/fixtures';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';

test.describe("a user's profile and who sold an order", () => {
  test('a profile has an address of its own: deep-linked, reloaded, and left with Back', async ({
    page,
    admin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'prof');
    await deposit(admin, reseller.id, 25);

    await signInAs(page, ADMIN);
    await page.goto(`/admin/users?search=${reseller.username}`);
    await page.getByRole('link', { name: `View profile of ${reseller.username}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${reseller.id}$`));
    await expect(page.getByRole('heading', { name: 'User profile', level: 1 })).toBeVisible();
    // No package assigned: said in words.
    await expect(page.getByText('None', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Statement' }).click();
    await expect(page).toHaveURL(/\?tab=statement$/);
    const deposited = page.getByRole('table', { name: 'Statement' }).getByRole('row');
    await expect(deposited.filter({ hasText: '+$25.00' })).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Statement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Back: the profile's tab, then the list as it was left (its search kept).
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${reseller.username}$`));
    await expect(page.getByLabel('Search users')).toHaveValue(reseller.username);

    // The page's own link back does the same from a deep link's visit.
    await page.goto(`/admin/users/${reseller.id}`);
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test("the admin's orders name their seller: the buyer's upline, or the platform", async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'sell');
    const product = await seedProduct(admin, {
      initialPrice: 3,
      managerPrice: 4,
      resellerPrice: 5,
      keys: newKeys(3),
    });
    await deposit(admin, reseller.id, 50);
    await deposit(admin, manager.id, 50);
    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
    await placeOrder(resellerApi, product.id);
    await placeOrder(managerApi, product.id);
    await resellerApi.dispose();
    await managerApi.dispose();

    // The Seller column shows from 1536 px (on a phone, in each order's card).
    await page.setViewportSize({ width: 1600, height: 900 });
    await signInAs(page, ADMIN);
    await page.goto(`/admin/orders?search=${encodeURIComponent(product.name)}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Seller' })).toBeVisible();
    const byReseller = table.getByRole('row').filter({ hasText: reseller.username });
    await expect(byReseller).toContainText(manager.username);
    const byManager = table
      .getByRole('row')
      .filter({ hasText: manager.username })
      .filter({ hasNotText: reseller.username });
    await expect(byManager).toContainText('Platform');
    // A username stays on one line: its box is one line high.
    const name = byReseller.getByTitle(reseller.username);
    const box = await name.boundingBox();
    const lineHeight = await name.evaluate((element) =>
      parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(box?.height ?? 0).toBeLessThanOrEqual(lineHeight + 1);
  });

  for (const look of sweep) {
    const name = lookName(look);
    test(`profile and orders look right: ${name}`, async ({ page, makeUser }) => {
      const reseller = await makeUser('reseller', 'look');
      await chooseSizedLook(page, look);
      await signInAs(page, ADMIN);
      await page.goto(`/admin/users/${reseller.id}`);
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute(
        'dir',
        look.language === 'ar' ? 'rtl' : 'ltr',
      );
      await shoot(page, `user-profile-${name}`);
      await page.goto('/admin/orders');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `admin-orders-seller-${name}`);
      // The signup as a visitor sees it, its password rules under the field.
      await page.context().clearCookies();
      await page.goto('/signup');
      await expect(page.locator('input[autocomplete="new-password"]').first()).toBeVisible();
      await shoot(page, `signup-rules-${name}`);
    });
  }
});
