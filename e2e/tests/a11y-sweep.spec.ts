import type { APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  apiSignedInAs,
  createUser,
  deposit,
  expectOk,
  generateCode,
  readSiteName,
  type TestUser,
} from './support/api';
import { areaScreens, expectNoSeriousViolations, settle } from './support/axe';
import { newKeys, placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

/** The URL of the screen at `path`, or of one of its tabs (`path/…`). */
function screenOrTab(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(/[^/?#]+)?([?#].*)?$`);
}

/**
 * Every screen of every role's sidebar, in English and in Arabic (right to left): axe finds no
 * serious fault, and the tab's title names the screen, then the site. The screens are read from
 * the sidebar, so a screen added to app/navigation.ts is checked too. They are reached through
 * the sidebar's links, as a user goes from one to the next, without loading the app again for each
 * (screenshots.spec.ts opens every screen by its address).
 */

type Seeded = { manager: TestUser; reseller: TestUser };

let seeded: Promise<Seeded> | undefined;

/**
 * A manager and a reseller under it, with balances, codes, orders (completed and pending) and a
 * ticket, so that the tables hold rows rather than empty states. Made once per run.
 */
function seedOnce(origin: string, admin: APIRequestContext): Promise<Seeded> {
  seeded ??= (async () => {
    const manager = await createUser(origin, admin, 'manager', 'axemgr');
    await deposit(admin, manager.id, 200);
    const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
    const reseller = await createUser(origin, managerApi, 'reseller', 'axeres');
    await deposit(admin, reseller.id, 80);
    const resellerApi = await apiSignedInAs(origin, reseller.username, reseller.password);
    try {
      await generateCode(admin, 'manager');
      await generateCode(managerApi, 'reseller');
      await generateCode(resellerApi, 'reseller');
      const instant = await seedProduct(admin, { keys: newKeys(4, 'SWEEP') });
      const request = await seedProduct(admin, { deliveryType: 'request', stockQuantity: 5 });
      await placeOrder(managerApi, instant.id, 1);
      await placeOrder(resellerApi, instant.id, 1);
      await placeOrder(resellerApi, request.id, 1, 'Sweep request');
      await expectOk(
        await resellerApi.post('/api/tickets/create', {
          data: { subject: 'Key refused', message: 'The key I bought is refused by the store.' },
        }),
        'Opening a ticket',
      );
    } finally {
      await managerApi.dispose();
      await resellerApi.dispose();
    }
    return { manager, reseller };
  })();
  return seeded;
}

for (const role of ['admin', 'manager', 'reseller'] as const) {
  for (const language of ['en', 'ar'] as const) {
    test(`axe and the tab title on every ${role} screen in ${language}`, async ({
      browser,
      origin,
      admin,
    }) => {
      test.setTimeout(360_000);
      const users = await seedOnce(origin, admin);
      const siteName = await readSiteName(admin);
      const user = role === 'admin' ? ADMIN : users[role];

      const context = await browser.newContext({ baseURL: origin });
      await context.addInitScript((chosen) => {
        window.localStorage.setItem('preferredLanguage', chosen);
      }, language);
      const page = await context.newPage();
      try {
        await signInAs(page, user);
        const screens = await areaScreens(page, role);
        expect(screens.length).toBeGreaterThan(5);
        const screenHeading = page.getByRole('main').getByRole('heading', { level: 1 });
        let previousHeading = '';
        for (const [index, path] of screens.entries()) {
          await test.step(path, async () => {
            if (index === 0) await page.goto(path);
            else {
              await page.locator(`aside nav a[href="${path}"]`).first().click();
              // The screen or one of its tabs: /admin/settings opens on /admin/settings/system,
              // and a slow machine may show the tab's address by the first look.
              await expect(page).toHaveURL(screenOrTab(path));
              // The router keeps the last screen up while the next one's code loads: wait for
              // the next one, so that what follows never checks the screen before.
              await expect(screenHeading).not.toHaveText(previousHeading);
            }
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await expect(page.locator('html')).toHaveAttribute(
              'dir',
              language === 'ar' ? 'rtl' : 'ltr',
            );
            await settle(page);
            const heading = (await screenHeading.textContent())!.trim();
            await expect(page, path).toHaveTitle(`${heading} · ${siteName}`);
            previousHeading = heading;
            // The shell (sidebar, top bar) is the same on every screen: checked whole on the
            // first, then only each screen's own content, which keeps the sweep affordable.
            await expectNoSeriousViolations(
              page,
              `${path} (${role}, ${language})`,
              index === 0 ? undefined : 'main',
            );
          });
        }
      } finally {
        await context.close();
      }
    });
  }
}
