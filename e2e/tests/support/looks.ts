import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { settle } from './axe';

const directory = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/** Every look a screen is checked in: each language, light and dark. */
export const looks = (['en', 'fr', 'ar'] as const).flatMap((language) =>
  (['light', 'dark'] as const).map((theme) => ({ language, theme })),
);

/** Opens the app in `look` from the first page on (the language and theme the reader chose). */
export async function chooseLook(page: Page, look: (typeof looks)[number]) {
  await page.addInitScript(
    ([language, theme]) => {
      window.localStorage.setItem('preferredLanguage', language!);
      window.localStorage.setItem('theme', theme!);
    },
    [look.language, look.theme],
  );
}

/**
 * With E2E_SCREENSHOTS set, a full-page picture into e2e/artifacts/screenshots for human review
 * (it asserts nothing); otherwise only waits for the page to settle.
 */
export async function shoot(page: Page, name: string) {
  await settle(page);
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: `${directory}${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}
