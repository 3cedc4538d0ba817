import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { settle } from './axe';

const directory = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/**
 * The picture run (`npm run screenshots -w @keymarket/e2e`, or any spec with E2E_SCREENSHOTS
 * set): every look of every sweep, each photographed for a person to review.
 */
export const PICTURES = Boolean(process.env.E2E_SCREENSHOTS);

export type Language = 'en' | 'fr' | 'ar';
export type Theme = 'light' | 'dark';
/** A reader's language and theme. */
export type Look = { language: Language; theme: Theme };
/** A look on a screen of a given width: a phone's (390 px) or a laptop's (1366 px). */
export type SizedLook = Look & { width: number };

export const PHONE = 390;
export const DESKTOP = 1366;

const languages: Language[] = ['en', 'fr', 'ar'];
const themes: Theme[] = ['light', 'dark'];

/** Every language in both themes. */
const everyLook: Look[] = languages.flatMap((language) =>
  themes.map((theme) => ({ language, theme })),
);

/**
 * The looks a sweep of screens (sideways overflow, clipped text, right-to-left placement) is
 * checked in. The picture run takes every language × theme × width. The test run takes the
 * three that can each fail where the others pass; the other nine repeat them:
 * - French, light, 390 px: French has the longest words, and a phone the least room, so text
 *   overflows there first;
 * - Arabic, dark, 390 px: right to left on a phone, where mirrored drawers, cards and
 *   directional icons break; with the first, both themes are seen on a phone;
 * - Arabic, light, 1366 px: the laptop layout (sidebar, tables rather than cards, the top bar's
 *   controls) mirrored, which only Arabic shows. English at a laptop's width is what the rest
 *   of the suite runs in (Playwright's desktop viewport), and a laptop has room for French.
 * A theme changes colours, not layout: it matters to contrast (axe's colour-contrast), so a sweep
 * that runs axe keeps both themes at one width: `sweepAt(PHONE)`.
 */
export const sweep: SizedLook[] = PICTURES
  ? [PHONE, DESKTOP].flatMap((width) => everyLook.map((look) => ({ ...look, width })))
  : [
      { language: 'fr', theme: 'light', width: PHONE },
      { language: 'ar', theme: 'dark', width: PHONE },
      { language: 'ar', theme: 'light', width: DESKTOP },
    ];

/** The sweep's looks at one width, for a check that only means something there. */
export function sweepAt(width: number): Look[] {
  return sweep
    .filter((look) => look.width === width)
    .map(({ language, theme }) => ({ language, theme }));
}

/** A look's name in test titles and picture files: `fr-light-390`. */
export function lookName(look: Look & { width?: number }): string {
  return [look.language, look.theme, look.width].filter(Boolean).join('-');
}

/** Opens the app in `look` from the first page on (the language and theme the reader chose). */
export async function chooseLook(page: Page, look: Look) {
  await page.addInitScript(
    ([language, theme]) => {
      window.localStorage.setItem('preferredLanguage', language!);
      window.localStorage.setItem('theme', theme!);
    },
    [look.language, look.theme],
  );
}

/**
 * Opens the app in `look` at its width: the language and theme stored before the first page,
 * the window sized.
 */
export async function chooseSizedLook(page: Page, look: SizedLook, height = 900) {
  await chooseLook(page, look);
  await page.setViewportSize({ width: look.width, height });
}

/**
 * With E2E_SCREENSHOTS set, a full-page picture into e2e/artifacts/screenshots for human review
 * (it asserts nothing); otherwise only waits for the page to settle.
 */
export async function shoot(page: Page, name: string) {
  await settle(page);
  if (!PICTURES) return;
  await page.screenshot({
    path: `${directory}${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}
