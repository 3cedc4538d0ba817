import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

const BOM = '\uFEFF';

/**
 * Clicks the screen's "Download CSV" and reads the file: named `<name>-<YYYY-MM-DD>.csv`, UTF-8
 * with a byte order mark, CRLF lines. Answers the header line and the data lines.
 */
export async function downloadCsv(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith(BOM)).toBe(true);
  const [header = '', ...rows] = csv.slice(BOM.length).split('\r\n').filter(Boolean);
  return { header, rows };
}
