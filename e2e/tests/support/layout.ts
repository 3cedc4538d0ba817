import type { Page } from '@playwright/test';

/** How much wider than the window the page is; 0 when nothing scrolls sideways. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The values of the table rows shown as phone cards (`TableCell` of the web app) that have no
 * label before them: a date or a code with nothing saying what it is. Read from the cells
 * themselves: a field cell shows its `data-label` before its value under the `sm` width.
 */
export function unlabelledCardFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableCellElement>('tbody td')]
      .filter((cell) => cell.className.includes('before:content-[attr(data-label)]'))
      .filter((cell) => cell.offsetParent !== null && !cell.dataset.label?.trim())
      .map((cell) => cell.textContent.trim() || '(empty)'),
  );
}
