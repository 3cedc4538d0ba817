import type { Page } from '@playwright/test';

/** How much wider than the window the page is; 0 when nothing scrolls sideways. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
