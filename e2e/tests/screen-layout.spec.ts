import type { Locator } from '@playwright/test';
import { ADMIN } from './support/api';
import { settle } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { namespaceText, text } from './support/locales';

/**
 * Where things sit on the screen, at a phone's (390 px) and a laptop's (1366 px) width, in
 * English and in Arabic: what must never cover what.
 */
const widths = [390, 1366] as const;
const languages = ['en', 'ar'] as const;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => {
        window.localStorage.setItem('preferredLanguage', chosen);
      }, language);
    });

    test('a toast stays over the top bar: it covers neither the page title nor a dialog title', async ({
      page,
    }) => {
      await signInAs(page, ADMIN);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 844 });
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
        await page.keyboard.press('Escape');
      }
    });
  });
}
