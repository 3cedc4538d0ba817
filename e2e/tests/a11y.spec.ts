import type { Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit, generateCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { filled, namespaceText, text } from './support/locales';

type Language = 'en' | 'ar';

/** Starts every page of this test in `language`, as a returning visitor would. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    window.localStorage.setItem('preferredLanguage', chosen);
  }, language);
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`accessibility in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('login, with and without errors', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(
        page.getByRole('heading', { name: text(language, 'auth.login.title') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `/login (${language})`);

      await page.getByLabel(text(language, 'auth.login.identifier')).fill('nobody');
      await page
        .getByLabel(text(language, 'auth.login.password'), { exact: true })
        .fill('Wr0ng!password');
      await page.getByRole('button', { name: text(language, 'auth.login.submit') }).click();
      await expect(page.getByText(text(language, 'messages.loginFailed'))).toBeVisible();
      await expectNoSeriousViolations(page, `/login with an error (${language})`);
    });

    test('signup, with and without errors', async ({ page }) => {
      await page.goto('/signup');
      await expect(
        page.getByRole('heading', { name: text(language, 'auth.signup.title') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `/signup (${language})`);

      await page.getByRole('button', { name: text(language, 'auth.signup.submit') }).click();
      await expect(page.getByText(text(language, 'messages.usernameMin'))).toBeVisible();
      await expectNoSeriousViolations(page, `/signup with errors (${language})`);
    });

    test('generate code, with a fresh code and the list', async ({ page, admin }) => {
      await generateCode(admin, 'reseller');
      await signInAs(page, ADMIN);
      await page.goto('/admin/generate-code');
      await expect(
        page.getByRole('heading', { name: text(language, 'invitations.title') }),
      ).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await page.getByRole('button', { name: text(language, 'invitations.form.submit') }).click();
      await expect(
        page.getByRole('status').filter({ hasText: text(language, 'invitations.latest.title') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `/admin/generate-code (${language})`);

      // The logout dialog, open over the screen.
      await page.getByRole('button', { name: text(language, 'userMenu.open') }).click();
      await page.getByRole('menuitem', { name: text(language, 'userMenu.logout') }).click();
      await expect(
        page.getByRole('dialog', { name: text(language, 'logout.title') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `logout dialog (${language})`);
    });

    test('profile', async ({ page, makeUser }) => {
      const reseller = await makeUser('reseller');
      await signInAs(page, reseller);
      await page.goto('/reseller/profile');
      await expect(page.getByText(`@${reseller.username}`)).toBeVisible();
      await expectNoSeriousViolations(page, `/reseller/profile (${language})`);
    });

    test('products and orders, with their dialogs', async ({ page, origin, admin, makeUser }) => {
      // Two sign-ins, four screens and four axe runs: more than a minute on a busy machine.
      test.setTimeout(180_000);
      const product = await seedProduct(admin, { keys: newKeys(2, 'AXE'), resellerPrice: 6 });
      const pending = await seedProduct(admin, { deliveryType: 'request', stockQuantity: 2 });
      const reseller = await makeUser('reseller', 'axe');
      await deposit(admin, reseller.id, 100);
      const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
      await placeOrder(resellerApi, pending.id, 1);
      await resellerApi.dispose();

      await signInAs(page, reseller);
      await page.goto('/reseller/products');
      await page.getByLabel(text(language, 'shop.search'), { exact: true }).fill(product.name);
      const buy = filled(language, text(language, 'shop.buyProduct'), { name: product.name });
      await expect(page.getByRole('button', { name: buy })).toBeVisible();
      await expectNoSeriousViolations(page, `/reseller/products (${language})`);

      await page.getByRole('button', { name: buy }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: text(language, 'shop.buyDialog.confirm') }).click();
      await expect(dialog.locator('code').first()).toBeVisible();
      await expectNoSeriousViolations(page, `buy dialog with keys (${language})`);
      await page.keyboard.press('Escape');

      await page.goto('/reseller/orders');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSeriousViolations(page, `/reseller/orders (${language})`);

      await page.context().clearCookies();
      await signInAs(page, ADMIN);
      await page.goto('/admin/orders');
      await page.getByLabel(text(language, 'orders.list.search')).fill(pending.name);
      await page
        .getByRole('row')
        .filter({ hasText: pending.name })
        .getByRole('button', { name: text(language, 'orders.sendKeys.open') })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `send keys dialog (${language})`);
    });

    test('price control, with its edit dialog and a refused bulk update', async ({
      page,
      admin,
      makeUser,
    }) => {
      const product = await seedProduct(admin, { managerPrice: 8, resellerPrice: 10 });
      const manager = await makeUser('manager', 'axeprices');
      // The screen's own texts live in the `pricing` namespace; rows and dialogs are found by role.
      const main = page.getByRole('main');
      const row = main.getByRole('row').filter({ hasText: product.name });

      await signInAs(page, ADMIN);
      await page.goto('/admin/price-control');
      await main.getByRole('searchbox').fill(product.name);
      await expect(row).toBeVisible();
      await expectNoSeriousViolations(page, `/admin/price-control (${language})`);
      await row.getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `edit prices dialog (${language})`);

      await page.context().clearCookies();
      await signInAs(page, manager);
      await page.goto('/manager/price-control');
      await main.getByRole('searchbox').fill(product.name);
      await row.getByRole('checkbox').check();
      await main.locator('form input').first().fill('-50');
      await main.locator('form button[type=submit]').click();
      // A bulk change is shown before it is confirmed; one that would take a price below the
      // buying price is refused there, with its confirmation disabled: that dialog is checked.
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByTestId('bulk-preview')).toBeVisible();
      await expect(confirm.getByRole('alert')).toBeVisible();
      await expect(
        confirm.getByRole('button', { name: namespaceText(language, 'pricing', 'bulk.confirm') }),
      ).toBeDisabled();
      await expectNoSeriousViolations(page, `refused bulk update (${language})`);
    });

    test('packages, with their dialogs', async ({ page, admin }) => {
      test.setTimeout(120_000);
      const product = await seedProduct(admin, { managerPrice: 8, resellerPrice: 10 });
      await admin.post('/api/packages', {
        data: {
          name: `Axe ${product.name}`,
          products: [{ productId: product.id, managerPrice: 8, resellerPrice: 10 }],
        },
      });
      const row = page.getByRole('main').getByRole('row').filter({ hasText: product.name });
      const dialog = page.getByRole('dialog');

      // Tall enough for the whole edit dialog: where its scrolling body cuts a button of the
      // product picker in half, axe counts the visible half as a too-small target (the picker
      // lists up to 8 products, so whether one is cut depends on what earlier tests created).
      await page.setViewportSize({ width: 1280, height: 1400 });
      await signInAs(page, ADMIN);
      await page.goto('/admin/packages');
      await expect(row).toBeVisible();
      await expectNoSeriousViolations(page, `/admin/packages (${language})`);
      // Its actions, in order: prices, edit, assign, delete.
      for (const [index, what] of ['prices', 'edit', 'assign', 'delete'].entries()) {
        await row.getByRole('button').nth(index).click();
        await expect(dialog).toBeVisible();
        await expectNoSeriousViolations(page, `package ${what} dialog (${language})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('not found', async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(
        page.getByRole('heading', { name: text(language, 'notFound.title') }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `not found (${language})`);
    });
  });
}

test('accessibility in every other theme: login and generate code', async ({ page }) => {
  // Eight reloads and eight axe scans: past the default minute on a slower machine (1.1 min).
  test.setTimeout(180_000);
  const themes = ['light', 'purple', 'black', 'dev'] as const;
  const useTheme = (theme: string) =>
    page.evaluate((chosen) => window.localStorage.setItem('theme', chosen), theme);

  await page.goto('/login');
  for (const theme of themes) {
    await useTheme(theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expectNoSeriousViolations(page, `/login (${theme})`);
  }

  await signInAs(page, ADMIN);
  await page.goto('/admin/generate-code');
  await page.getByRole('button', { name: 'Generate code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your new code' })).toBeVisible();
  for (const theme of themes) {
    await useTheme(theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousViolations(page, `/admin/generate-code (${theme})`);
  }
});
