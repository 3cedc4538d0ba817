import type { Page } from '@playwright/test';
import { ADMIN, deposit, type TestUser } from './support/api';
import { settle } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { expect, signInAs, test } from './support/fixtures';

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
const LOOKS = [
  { language: 'ar', theme: 'light' },
  { language: 'fr', theme: 'dark' },
] as const;

async function expectEveryScreenFits(page: Page, role: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of SCREENS) {
      await page.goto(`/${role}/${screen}`);
      await settle(page);
      // Polled, as in screenshots.spec.ts: a toast or a transition may stick out for a moment; a
      // page that stays wider than the window still fails. (It waited for the network to be idle
      // for half a second on every screen, a third of the spec's time.)
      await expect
        .poll(() => sidewaysOverflow(page), { message: `/${role}/${screen} at ${width}px` })
        .toBe(0);
    }
  }
}

for (const { language, theme } of LOOKS) {
  test.describe(`phone and tablet widths, ${language}, ${theme} theme`, () => {
    // Each test walks every screen of a role at three widths: a minute is not enough for two
    // roles on a busy 2-core machine.
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        (look) => {
          window.localStorage.setItem('preferredLanguage', look.language);
          window.localStorage.setItem('theme', look.theme);
        },
        { language, theme },
      );
    });

    test('the admin screens fit the window', async ({ page }) => {
      await signInAs(page, ADMIN);
      await expectEveryScreenFits(page, 'admin');
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
