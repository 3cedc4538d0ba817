import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { ADMIN } from './support/api';

/**
 * The login route's JavaScript budget (170 KB gzip): compressed bytes a first visitor
 * downloads. Texts only the areas use live in the `area` namespace (lib/i18n.ts), not in the
 * eagerly loaded core file.
 */
const LOGIN_JS_BUDGET_BYTES = 170 * 1024;

/**
 * Opens `path` and returns every JavaScript file the page loaded, with its gzip size. The body is
 * compressed here at zlib's default level, what the server's compression uses, so the figure
 * does not depend on which encoding this browser happened to negotiate.
 */
async function javascriptLoadedBy(page: Page, path: string) {
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.push({ url: url.pathname, body: response.body() });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return Promise.all(
    scripts.map(async ({ url, body }) => ({ url, gzipBytes: gzipSync(await body).length })),
  );
}

test('the login page stays within its JavaScript budget and loads no area code', async ({
  page,
}, testInfo) => {
  const scripts = await javascriptLoadedBy(page, '/login');
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

  const figures = scripts.map((s) => `${s.url} ${(s.gzipBytes / 1024).toFixed(1)} KB`).join('\n');
  await testInfo.attach('login-javascript', {
    body: `${figures}\ntotal ${(total / 1024).toFixed(1)} KB gzip`,
  });
  console.log(
    `/login JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files\n${figures}`,
  );

  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // Each role's screens are their own chunks, fetched after sign-in.
  expect(scripts.map((s) => s.url).filter((url) => /area-layout/.test(url))).toEqual([]);
});

test('an area loads its layout as a separate chunk after sign-in', async ({ page }) => {
  await signInAs(page, ADMIN);
  const scripts = await javascriptLoadedBy(page, '/admin');

  expect(scripts.some((s) => /area-layout/.test(s.url))).toBe(true);
});
