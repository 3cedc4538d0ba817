import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, deposit, expectOk, jsonOf } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { text } from './support/locales';

/**
 * What every signed-in user sees of the platform settings: the navbar currency, the
 * alert banners, the maintenance page, and the site-wide defaults on the public pages.
 */

type ShellTexts = { [key: string]: string | ShellTexts };

/** The app's own `shell` namespace text for `key`, so the test follows copy changes. */
function shellText(language: 'en' | 'fr' | 'ar', key: string): string {
  const file = fileURLToPath(
    new URL(`../../apps/web/src/locales/namespaces/shell/${language}.json`, import.meta.url),
  );
  let node: string | ShellTexts | undefined = JSON.parse(readFileSync(file, 'utf8')) as ShellTexts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No ${language} shell text for ${key}`);
  return node;
}

type Currency = { id: string; code: string; symbol: string; rateToUSD: number };

/** EUR at 0.9, whatever an earlier test of this run left. */
async function addEuro(admin: APIRequestContext): Promise<Currency> {
  const { currencies } = await jsonOf<{ currencies: Currency[] }>(
    await admin.get('/api/currencies'),
    'Listing currencies',
  );
  const existing = currencies.find((currency) => currency.code === 'EUR');
  if (existing)
    await expectOk(await admin.delete(`/api/currencies/${existing.id}`), 'Removing EUR');
  return jsonOf<Currency>(
    await admin.post('/api/currencies/create', {
      data: { code: 'EUR', symbol: '€', rateToUSD: 0.9 },
    }),
    'Adding EUR',
  );
}

async function updateSettings(admin: APIRequestContext, settings: Record<string, unknown>) {
  await expectOk(
    await admin.put('/api/system-settings', { data: settings }),
    `Updating the system settings ${JSON.stringify(settings)}`,
  );
}

const balanceChip = (page: Page) => page.getByLabel('Your balance');
const maintenanceHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: shellText('en', 'maintenance.title') });

test('a reseller sees its balance and the shop in the currency it chooses', async ({
  page,
  admin,
  makeUser,
}) => {
  const euro = await addEuro(admin);
  try {
    const product = await seedProduct(admin, { resellerPrice: 12.5, keys: newKeys(1, 'EURO') });
    const reseller = await makeUser('reseller', 'euro');
    await deposit(admin, reseller.id, 50);

    await signInAs(page, reseller);
    await page.goto('/reseller/products');
    await page.getByLabel('Search products', { exact: true }).fill(product.name);
    const card = page.getByRole('listitem').filter({ hasText: product.name });
    await expect(card).toContainText('$12.50');
    await expect(balanceChip(page)).toContainText('$50.00');

    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');

    // 50 × 0.9 = 45; 12.5 × 0.9 = 11.25. The page is drawn afresh in the new currency (its
    // search box with it).
    await expect(balanceChip(page)).toContainText('€45');
    await page.getByLabel('Search products', { exact: true }).fill(product.name);
    await expect(card).toContainText('€11.25');

    // Remembered: a new visit starts in euros.
    await page.reload();
    await expect(balanceChip(page)).toContainText('€45');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');

    // The buy dialog totals in euros too; the purchase itself is in USD on the server.
    await page.getByLabel('Search products', { exact: true }).fill(product.name);
    await page.getByRole('button', { name: `Buy ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${product.name}` });
    await expect(dialog).toContainText('€11.25');
  } finally {
    await admin.delete(`/api/currencies/${euro.id}`);
  }
});

test('a reseller reads an alert in Arabic and dismisses it for good', async ({
  page,
  admin,
  makeUser,
}) => {
  const alert = await jsonOf<{ id: string }>(
    await admin.post('/api/alerts', {
      data: {
        messageEn: 'Steam deliveries are delayed by a few hours today.',
        messageFr: 'Les livraisons Steam ont quelques heures de retard aujourd’hui.',
        messageAr: 'تتأخر عمليات تسليم ستيم بضع ساعات اليوم.',
        severity: 'warning',
        active: true,
      },
    }),
    'Posting an alert',
  );
  try {
    const reseller = await makeUser('reseller', 'alerted');
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
    await signInAs(page, reseller);
    await page.goto('/reseller/profile');

    const region = page.getByRole('region', { name: shellText('ar', 'alerts.label') });
    await expect(region).toContainText('تتأخر عمليات تسليم ستيم بضع ساعات اليوم.');
    await expect(region).not.toContainText('Steam deliveries');

    await region
      .getByRole('listitem')
      .filter({ hasText: 'تتأخر عمليات تسليم ستيم' })
      .getByRole('button', { name: shellText('ar', 'alerts.dismiss') })
      .click();
    await expect(page.getByText('تتأخر عمليات تسليم ستيم بضع ساعات اليوم.')).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('تتأخر عمليات تسليم ستيم بضع ساعات اليوم.')).toBeHidden();
  } finally {
    await admin.delete(`/api/alerts/${alert.id}`);
  }
});

test('maintenance shows resellers a maintenance page, not administrators, until it ends', async ({
  page,
  browser,
  origin,
  admin,
  makeUser,
}) => {
  const reseller = await makeUser('reseller', 'paused');
  await signInAs(page, reseller);
  await page.goto('/reseller/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: origin });
  const adminPage = await adminContext.newPage();
  try {
    await updateSettings(admin, {
      maintenanceMode: true,
      supportContact: 'help@keymarket.test',
    });

    // The next call the reseller's page makes is refused with 503 maintenance.
    await page.reload();
    await expect(maintenanceHeading(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'help@keymarket.test' })).toHaveAttribute(
      'href',
      'mailto:help@keymarket.test',
    );
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeHidden();

    await signInAs(adminPage, ADMIN);
    await adminPage.goto('/admin/profile');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(adminPage.getByText(shellText('en', 'maintenance.adminNotice'))).toBeVisible();
    await expect(maintenanceHeading(adminPage)).toBeHidden();

    await updateSettings(admin, { maintenanceMode: false });
    await page.getByRole('button', { name: shellText('en', 'maintenance.retry') }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(balanceChip(page)).toContainText('$0.00');
    await expect(maintenanceHeading(page)).toBeHidden();
  } finally {
    await updateSettings(admin, { maintenanceMode: false, supportContact: '' });
    await adminContext.close();
  }
});

// The site's default language is for browsers that speak none of the app's: this one reads
// German, so the first visit gets the default (a French or Arabic browser gets its own).
test.describe('a browser in a language the app does not speak', () => {
  test.use({ locale: 'de-DE' });

  test('the public pages follow the site name, default language and closed registration', async ({
    page,
    admin,
  }) => {
    try {
      await updateSettings(admin, {
        siteName: 'Cardhouse',
        defaultLanguage: 'fr',
        registrationOpen: false,
      });

      // A first visit: no language chosen yet.
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      // The tab names the page, then the site.
      await expect(page).toHaveTitle(/ · Cardhouse$/);
      await expect(page.getByRole('link', { name: 'Cardhouse' }).first()).toBeVisible();
      await expect(
        page.getByRole('heading', { name: text('fr', 'messages.registrationClosed') }),
      ).toBeVisible();
      await expect(page.getByLabel(text('fr', 'auth.signup.inviteCode'))).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBeNull();
    } finally {
      await updateSettings(admin, {
        siteName: 'Keymarket',
        defaultLanguage: 'en',
        registrationOpen: true,
      });
    }
  });
});
