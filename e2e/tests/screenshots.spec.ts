import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignedInAs,
  createUser,
  deposit,
  expectOk,
  generateCode,
  type TestUser,
} from './support/api';
import { areaScreens, settle } from './support/axe';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow, unlabelledCardFields } from './support/layout';

/**
 * Every screen at a phone's width, in English and in Arabic: none may scroll sideways. With
 * E2E_SCREENSHOTS set (`npm run screenshots -w @keymarket/e2e`) also full-page pictures of every
 * screen for human review, at phone and desktop widths in three looks, into e2e/artifacts; the
 * pictures assert nothing, so the test run (`npm test`) skips them and the desktop looks.
 * The area screens are discovered from the sidebar of each role, so screens added to
 * app/navigation.ts are checked and photographed without touching this file.
 */
const directory = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const PICTURES = Boolean(process.env.E2E_SCREENSHOTS);

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const variants = [
  { name: 'dark-en', theme: 'dark', language: 'en' },
  { name: 'light-en', theme: 'light', language: 'en' },
  { name: 'dark-ar', theme: 'dark', language: 'ar' },
] as const;

async function shoot(page: Page, name: string) {
  await settle(page);
  if (!PICTURES) return;
  await page.screenshot({
    path: `${directory}${name}.png`,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

let seeded: Promise<TestUser> | undefined;

/**
 * Some data, so that the screens are not all empty states: a reseller with a balance, codes, a
 * completed and a pending order. Made once per run (one worker) and shared by every picture.
 */
function seedOnce(origin: string, admin: APIRequestContext): Promise<TestUser> {
  seeded ??= (async () => {
    const reseller = await createUser(origin, admin, 'reseller', 'shot');
    await deposit(admin, reseller.id, 125.5);
    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    try {
      await generateCode(resellerApi, 'reseller');
      await generateCode(admin, 'manager', 3);
      const instant = await seedProduct(admin, {
        keys: newKeys(2, 'SHOT'),
        name: 'Steam Wallet 20 EUR',
      });
      const request = await seedProduct(admin, {
        deliveryType: 'request',
        stockQuantity: 4,
        name: 'Netflix Premium 1 month',
      });
      await placeOrder(resellerApi, instant.id, 1);
      await placeOrder(resellerApi, request.id, 2, 'For a customer in Lyon');
      // A key, so that the API & webhooks screen lists one.
      await expectOk(
        await resellerApi.post('/api/api-keys', { data: { name: 'Telegram bot' } }),
        'create an API key',
      );
    } finally {
      await resellerApi.dispose();
    }
    return reseller;
  })();
  return seeded;
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  for (const variant of variants) {
    test(`screenshots ${viewportName} ${variant.name}`, async ({ browser, origin, admin }) => {
      test.skip(
        !PICTURES && (viewportName !== 'phone' || variant.name === 'dark-en'),
        'pictures only (E2E_SCREENSHOTS): the phone checks run in English and Arabic',
      );
      test.setTimeout(240_000);
      const prefix = `${viewportName}-${variant.name}`;

      const reseller = await seedOnce(origin, admin);

      const context = await browser.newContext({ viewport, baseURL: origin });
      await context.addInitScript(({ theme, language }) => {
        window.localStorage.setItem('theme', theme);
        window.localStorage.setItem('preferredLanguage', language);
      }, variant);
      const page = await context.newPage();
      try {
        // Public screens.
        await page.goto('/login');
        await expect(page.locator('html')).toHaveAttribute('data-theme', variant.theme);
        await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
        await shoot(page, `${prefix}-login`);
        await page.locator('form button[type=submit]').click();
        await shoot(page, `${prefix}-login-errors`);
        await page.goto('/signup');
        await shoot(page, `${prefix}-signup`);
        await page.locator('form button[type=submit]').click();
        await shoot(page, `${prefix}-signup-errors`);
        await page.goto('/no-such-page');
        await shoot(page, `${prefix}-not-found`);

        // Every screen of the admin's and the reseller's areas.
        for (const user of [ADMIN, reseller]) {
          await context.clearCookies();
          await signInAs(page, user);
          const role = user === ADMIN ? 'admin' : 'reseller';
          for (const path of await areaScreens(page, role)) {
            await page.goto(path);
            await shoot(page, `${prefix}-${path.slice(1).replaceAll('/', '-')}`);
            // On a phone nothing may scroll sideways (responsive.spec.ts checks other widths).
            // Polled: a toast or a transition may stick out for a moment; a page that stays
            // wider than the window still fails.
            if (viewportName === 'phone') {
              await expect
                .poll(() => sidewaysOverflow(page), { message: `${path} at ${viewport.width}px` })
                .toBe(0);
              // A table's row is a card there: every value has its column's name before it.
              expect(await unlabelledCardFields(page), `${path}: values without a label`).toEqual(
                [],
              );
            }
          }
        }

        if (PICTURES && viewportName === 'phone') {
          // The navigation drawer, and the account menu, on the reseller's profile.
          await page.goto('/reseller/profile');
          await settle(page);
          await page.locator('header button[aria-label]').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.screenshot({
            path: `${directory}${prefix}-drawer.png`,
            animations: 'disabled',
          });
        }
      } finally {
        await context.close();
      }
    });
  }
}
