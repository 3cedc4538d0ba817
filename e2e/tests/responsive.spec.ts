import type { Page } from '@playwright/test';
import { ADMIN, deposit, type TestUser } from './support/api';
import { settle } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { expect, signInAs, test } from './support/fixtures';
import { namespaceText, text } from './support/locales';
import { chooseLook, sweepAt, PHONE } from './support/looks';
import { wavFile } from './support/media';

/**
 * Phones and tablets: no screen of an area is wider than the window (a page that scrolls
 * sideways also shifts its dialogs in Arabic). The top bar is the usual culprit, so the widest
 * screens of each role are opened at the narrowest common phone widths and at the tablet widths
 * where the sidebar and the switches join the top bar, in both directions, in French (the
 * longest words) and in both the dark default and the light theme.
 */
// 390 px, in English and Arabic, is checked on every screen by screenshots.spec.ts.
const WIDTHS = [360, 768, 1024];
const SCREENS = ['dashboard', 'orders', 'users'];

const WIDE_CURRENCIES = [
  { code: 'XAF', symbol: 'FCFA', rateToUSD: 605 },
  { code: 'KWD', symbol: 'د.ك.', rateToUSD: 0.31 },
];

/**
 * Each screen opened once, at the narrowest width, then widened as a tablet turns: the layout
 * follows the window's width (CSS breakpoints, and the app's width hooks listen for changes),
 * and a page load per width took half the spec's time.
 */
async function expectEveryScreenFits(page: Page, role: string) {
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(`/${role}/${screen}`);
    await settle(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Polled, as in screenshots.spec.ts: a toast or a transition may stick out for a moment; a
      // page that stays wider than the window still fails. (It waited for the network to be idle
      // for half a second on every screen, a third of the spec's time.)
      await expect
        .poll(() => sidewaysOverflow(page), { message: `/${role}/${screen} at ${width}px` })
        .toBe(0);
    }
  }
}

// One look each way (left to right in French, the longest words, and right to left), one in
// each theme: the sweep's phone looks (support/looks.ts).
for (const look of sweepAt(PHONE)) {
  const { language, theme } = look;
  test.describe(`phone and tablet widths, ${language}, ${theme} theme`, () => {
    // Each test walks every screen of a role at three widths: a minute is not enough for two
    // roles on a busy 2-core machine.
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page }) => {
      await chooseLook(page, look);
    });

    test('the admin screens fit the window', async ({ page }) => {
      await signInAs(page, ADMIN);
      await expectEveryScreenFits(page, 'admin');
    });

    test("at 1366 and 1536 px with a music track set, the account button keeps the top bar's margin", async ({
      page,
      admin,
      makeUser,
    }) => {
      const music = await admin.post('/api/music/update', {
        multipart: {
          music: { name: 'bar.wav', mimeType: 'audio/wav', buffer: wavFile(1) },
        },
      });
      expect(music.ok()).toBe(true);
      // The widest currency options another spec may have left (the selector is as wide as its
      // longest option): the bar must keep its margin with them too.
      for (const currency of WIDE_CURRENCIES) {
        const created = await admin.post('/api/currencies/create', { data: currency });
        expect([201, 409]).toContain(created.status());
      }
      const manager = await makeUser('manager');
      await deposit(admin, manager.id, 987_654.32);
      await signInAs(page, manager);
      // 1366 px: the music and currency join the bar; 1536 px: the search becomes a wide field.
      for (const width of [1366, 1536]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/manager');
        await settle(page);
        // The track's controls are in the bar at this width, beside the currency.
        await expect(
          page
            .getByRole('banner')
            .getByRole('group', { name: namespaceText(language, 'shell', 'music.label') }),
        ).toBeVisible();
        const account = page.getByRole('button', { name: text(language, 'userMenu.open') });
        const gap = await account.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const header = button.closest('header')!;
          return document.dir === 'rtl'
            ? box.left - header.getBoundingClientRect().left
            : header.getBoundingClientRect().right - box.right;
        });
        // The bar's own padding (24 px) is kept: the button never touches the window's edge.
        expect(gap).toBeGreaterThanOrEqual(20);
      }
    });

    test('the manager and reseller screens fit the window', async ({ page, admin, makeUser }) => {
      const users: TestUser[] = [await makeUser('manager'), await makeUser('reseller')];
      for (const user of users) {
        // A balance of many digits: the top bar shows it on every screen.
        await deposit(admin, user.id, 987_654.32);
        await page.context().clearCookies();
        await signInAs(page, user);
        await expectEveryScreenFits(page, user.role);
      }
    });
  });
}
