import type { Page } from '@playwright/test';
import { apiSignedInAs, createUser, deposit } from './support/api';
import { newKeys, placeOrder, seedProduct, setSellingPrice } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { text } from './support/locales';

const html = (page: Page) => page.locator('html');

test.describe('languages', () => {
  test('Arabic mirrors the page and survives a reload; French goes back to left-to-right', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    await expect(html(page)).toHaveAttribute('lang', 'en');

    await page
      .getByRole('combobox', { name: text('en', 'preferences.language') })
      .selectOption('ar');

    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: text('ar', 'auth.login.title') })).toBeVisible();
    await expect(page.getByLabel(text('ar', 'auth.login.identifier'))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('ar');

    await page.reload();
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: text('ar', 'auth.login.title') })).toBeVisible();

    await page
      .getByRole('combobox', { name: text('ar', 'preferences.language') })
      .selectOption('fr');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: text('fr', 'auth.login.title') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('fr');

    // A wrong sign-in is explained in French too.
    await page.getByLabel(text('fr', 'auth.login.identifier')).fill('nobody-here');
    await page.getByLabel(text('fr', 'auth.login.password'), { exact: true }).fill('Wr0ng!pass');
    await page.getByRole('button', { name: text('fr', 'auth.login.submit') }).click();
    await expect(page.getByText(text('fr', 'messages.loginFailed'))).toBeVisible();
  });

  test('the areas follow the language: navigation and screens in Arabic', async ({
    page,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller');
    await signInAs(page, reseller);
    await page.goto('/reseller/profile');
    await expect(page.getByRole('heading', { name: text('en', 'profile.title') })).toBeVisible();

    await page
      .getByRole('combobox', { name: text('en', 'preferences.language') })
      .selectOption('ar');

    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: text('ar', 'profile.title') })).toBeVisible();
    const navigation = page.getByRole('navigation', { name: text('ar', 'nav.label') });
    await navigation.getByRole('link', { name: text('ar', 'nav.generateCode') }).click();
    await expect(page).toHaveURL(/\/reseller\/generate-code$/);
    await expect(
      page.getByRole('heading', { name: text('ar', 'invitations.title') }),
    ).toBeVisible();
  });
});

test.describe('themes', () => {
  test('the theme is stored, set on <html data-theme> and repaints the page', async ({ page }) => {
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const darkBackground = await background();

    const themeSwitch = page.getByRole('combobox', { name: text('en', 'preferences.theme') });
    await themeSwitch.selectOption('light');

    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await expect.poll(background).not.toBe(darkBackground);

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(themeSwitch).toHaveValue('light');

    for (const theme of ['purple', 'black', 'dev', 'dark']) {
      await themeSwitch.selectOption(theme);
      await expect(html(page)).toHaveAttribute('data-theme', theme);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(theme);
    }
  });
});

test.describe('profit visibility', () => {
  test('hiding the profit hides the figure in the top bar and on the profile', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    // A reseller earns $2.50: its own invitee buys at its selling price of $12.50 a product
    // that costs the reseller $10.
    const seller = await makeUser('reseller', 'seller');
    const sellerApi = await apiSignedInAs(origin, seller.username, seller.password);
    const buyer = await createUser(origin, sellerApi, 'reseller', 'buyer');
    const buyerApi = await apiSignedInAs(origin, buyer.username, buyer.password);
    try {
      const product = await seedProduct(admin, { resellerPrice: 10, keys: newKeys(1) });
      await setSellingPrice(sellerApi, product.id, 12.5);
      await deposit(admin, buyer.id, 50);
      const order = await placeOrder(buyerApi, product.id);
      expect(order.status).toBe('completed');
    } finally {
      await sellerApi.dispose();
      await buyerApi.dispose();
    }

    await signInAs(page, seller);
    await page.goto('/reseller/profile');
    const summary = page.getByLabel(text('en', 'balance.label'));
    await expect(summary).toContainText('$2.50');
    const profileProfit = page
      .locator('dl div')
      .filter({ has: page.getByText(text('en', 'balance.profit'), { exact: true }) })
      .last();
    await expect(profileProfit).toContainText('$2.50');

    await summary.getByRole('button', { name: text('en', 'balance.hideProfit') }).click();

    await expect(summary).not.toContainText('$2.50');
    await expect(profileProfit).not.toContainText('$2.50');
    await expect(profileProfit).toContainText(text('en', 'balance.hidden'));
    expect(await page.evaluate(() => localStorage.getItem('profit-visibility'))).toBe('false');

    await page.reload();
    await expect(
      summary.getByRole('button', { name: text('en', 'balance.showProfit') }),
    ).toBeVisible();
    await expect(summary).not.toContainText('$2.50');

    await summary.getByRole('button', { name: text('en', 'balance.showProfit') }).click();
    await expect(summary).toContainText('$2.50');
    expect(await page.evaluate(() => localStorage.getItem('profit-visibility'))).toBe('true');
  });
});

test('the stored theme and language are on the page before any of the app’s code runs', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('theme', 'light');
    window.localStorage.setItem('preferredLanguage', 'ar');
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  // Without the app's JavaScript, only the inline script of index.html can set them: what the
  // first paint shows, before React starts.
  await page.route('**/assets/*.js', (route) => route.abort());

  await page.goto('/login');

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The CSP lets exactly that script run (by its hash).
  expect(refused.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
