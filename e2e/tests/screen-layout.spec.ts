import type { Locator } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit } from './support/api';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { settle } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { namespaceText, text } from './support/locales';
import { chooseSizedLook, lookName, PHONE, sweep } from './support/looks';

/**
 * Where things sit on the screen, in the looks of the sweep (support/looks.ts): at a phone's
 * (390 px) and a laptop's (1366 px) width, left to right and right to left: what must never
 * cover what.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

for (const look of sweep) {
  const { language, width } = look;
  test.describe(`in ${lookName(look)}`, () => {
    test.beforeEach(async ({ page }) => {
      await chooseSizedLook(page, look, 844);
    });

    test('a toast stays over the top bar: it covers neither the page title nor a dialog title', async ({
      page,
    }) => {
      await signInAs(page, ADMIN);
      await page.goto('/admin/generate-code');
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();
      await page.getByRole('button', { name: text(language, 'invitations.form.submit') }).click();
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast).toBeVisible();
      await settle(page);
      const [toastBox, titleBox, barBox] = [
        await box(toast),
        await box(title),
        await box(page.getByRole('banner')),
      ];
      expect(toastBox.y + toastBox.height, `toast over the title at ${width}px`).toBeLessThan(
        titleBox.y,
      );
      // Within the top bar's band, which no dialog reaches (below).
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y + barBox.height + 4);

      // The tallest dialog, a product's, begins below that band, title included.
      await page.goto('/admin/products');
      await page
        .getByRole('button', { name: namespaceText(language, 'catalogue', 'products.add') })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await settle(page);
      const dialogBox = await box(dialog);
      expect(dialogBox.y, `dialog under the toasts at ${width}px`).toBeGreaterThanOrEqual(
        barBox.y + barBox.height + 8,
      );
    });

    if (width === PHONE)
      test('on a phone the orders come first: compact figures, filters behind a button, no hidden sort buttons', async ({
        page,
        origin,
        admin,
        makeUser,
      }) => {
        const product = await seedProduct(admin, { keys: newKeys(3, 'FIRST') });
        const reseller = await makeUser('reseller', 'phone');
        await deposit(admin, reseller.id, 50);
        const buyer = await apiSignedInAs(origin, reseller.username, reseller.password);
        for (let i = 0; i < 3; i += 1) await placeOrder(buyer, product.id);
        await buyer.dispose();

        await signInAs(page, reseller);
        await page.goto('/reseller/orders');
        // A card on a phone (a table row styled as a block).
        const firstOrder = page.locator('tbody tr').filter({ hasText: product.name }).first();
        // The figures too: the order must stay in the first screen once they are in.
        await expect(
          page.getByRole('region', { name: text(language, 'orders.stats.label') }),
        ).toBeVisible({ timeout: 30_000 });
        await expect(firstOrder).toBeVisible({ timeout: 30_000 });
        await settle(page);
        // In the first screen, without scrolling: its top at least.
        expect((await box(firstOrder)).y).toBeLessThan(844 - 80);

        // The date range and the other filters wait behind "Filters".
        const from = page.getByLabel(text(language, 'orders.filters.from'), { exact: true });
        await expect(from).toBeHidden();
        const toggle = page.getByRole('button', { name: text(language, 'common.filters') });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(from).toBeVisible();

        // The header row is for screen readers only here: none of its sort buttons takes focus.
        const focusableHeaderButtons = await page.evaluate(
          () =>
            [...document.querySelectorAll('thead button')].filter(
              (button) => getComputedStyle(button).display !== 'none',
            ).length,
        );
        expect(focusableHeaderButtons).toBe(0);
      });
  });
}
