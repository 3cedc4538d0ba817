import { expect, test } from './support/fixtures';
import { text } from './support/locales';

// A first visit, nothing chosen yet: the browser's language when the app speaks it, before the
// site's default (English on a fresh installation).
for (const [locale, language] of [
  ['fr-FR', 'fr'],
  ['ar-EG', 'ar'],
] as const) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });

    test(`is answered in ${language} on its first visit`, async ({ page }) => {
      await page.goto('/login');
      // Once the site's settings have arrived (the default is remembered), not only before.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('site-language')))
        .toBe('en');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(
        page.getByRole('heading', { name: text(language, 'auth.login.title') }),
      ).toBeVisible();
      // Shown, not chosen: a later choice of the reader's, or of the browser's, still applies.
      expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBeNull();
    });
  });
}

test.describe('a browser in a language the app does not speak', () => {
  test.use({ locale: 'de-DE' });

  test('is answered in the site’s default language', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: text('en', 'auth.login.title') })).toBeVisible();
  });
});
