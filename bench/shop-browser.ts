/// <reference lib="dom" />
// The page.evaluate callbacks below run in the browser: DOM types for them.
/**
 * The shop in the browser with 10,000 products: how soon the list is usable after the
 * catalogue's answer arrives, how soon a keystroke in the search changes the list, and how
 * smoothly the (virtualised) list scrolls. Debian's Chromium driven by Playwright against the
 * built web app and the real server on a fresh PostgreSQL database; the buyer is the reseller at
 * the bottom of the bench's four-level chain (`seedCatalogue`). Reports; asserts nothing.
 *
 *   npm run build && cd bench && npx tsx shop-browser.ts [--products 10000] [--runs 3]
 *
 * Times come from the page's own clock (Performance API): the answer's `responseEnd`, long tasks
 * (`PerformanceObserver('longtask')`), a MutationObserver on the list, frame times of a scripted
 * scroll (requestAnimationFrame).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { createBenchDatabase } from './database';
import { percentile } from './report';
import { seedCatalogue, USER_PASSWORD } from './seed';
import { ensureServerBuilt, REPO_ROOT, startServer } from './server';

const log = (line: string) => console.log(line);
const { values } = parseArgs({
  options: { products: { type: 'string' }, runs: { type: 'string' } },
});
const PRODUCTS = Number(values.products ?? 10_000);
const RUNS = Number(values.runs ?? 3);
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** Collects long tasks from the first moment of every page (before the app's code runs). */
const OBSERVE_LONG_TASKS = `
  // tsx (esbuild, keepNames) wraps the evaluate callbacks' named functions in __name(…).
  window.__name = (fn) => fn;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  // The moment the first product row is in the document, on the page's own clock.
  new MutationObserver((_, observer) => {
    if (document.querySelector('li[data-index]')) {
      window.__firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface LoadFigures {
  /** The catalogue's answer, from the request's start to its last byte (ms). */
  answerMs: number;
  answerBytes: number;
  /** After the answer's last byte: the first product row on screen. */
  rowsShownMs: number;
  /** After the answer's last byte: the end of the last long task (the main thread free again). */
  interactiveMs: number;
  longTasksAfterAnswerMs: number;
  rowsInDom: number;
}

async function measureLoad(page: Page, origin: string): Promise<LoadFigures> {
  await page.goto(`${origin}/reseller/products`);
  const list = page.getByRole('region').filter({ has: page.locator('li[data-index]') });
  await list.locator('li[data-index]').first().waitFor({ timeout: 60_000 });
  const rowsShownAt = await page.evaluate(
    () => (window as unknown as { __firstRowAt: number }).__firstRowAt,
  );
  // Quiet for a while: the list's remaining work (images, the other queries) has landed.
  await page.waitForTimeout(2_000);
  return page.evaluate(
    ({ rowsShownAt }) => {
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => /\/api\/products\?.*limit=/.test(entry.name)) as
        PerformanceResourceTiming | undefined;
      if (!answer) throw new Error('The catalogue was not requested');
      const tasks = (window as unknown as { __longTasks: { start: number; end: number }[] })
        .__longTasks;
      const after = tasks.filter((task) => task.end > answer.responseEnd);
      const lastEnd = Math.max(answer.responseEnd, rowsShownAt, ...after.map((t) => t.end));
      return {
        answerMs: answer.responseEnd - answer.startTime,
        answerBytes: answer.encodedBodySize,
        rowsShownMs: rowsShownAt - answer.responseEnd,
        interactiveMs: lastEnd - answer.responseEnd,
        longTasksAfterAnswerMs: after.reduce(
          (sum, t) => sum + t.end - Math.max(t.start, answer.responseEnd),
          0,
        ),
        rowsInDom: document.querySelectorAll('li[data-index]').length,
      };
    },
    { rowsShownAt },
  );
}

/**
 * From a key's press to the list's first change (ms), for each of `text`'s characters typed
 * one at a time into the search box, the list settling before the next.
 */
async function measureKeystrokes(page: Page, text: string): Promise<number[]> {
  const box = page.getByLabel('Search products', { exact: true });
  await box.click();
  const delays: number[] = [];
  for (const character of text) {
    const changed = page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const list = document.querySelector('li[data-index]')?.closest('ul');
          if (!list) return reject(new Error('No list'));
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(list, { childList: true, subtree: true, characterData: true });
          setTimeout(() => reject(new Error('The list did not change within 10 s')), 10_000);
        }),
    );
    const pressedAt = await page.evaluate(() => performance.now());
    await page.keyboard.type(character);
    delays.push((await changed) - pressedAt);
    await page.waitForTimeout(1_000);
  }
  return delays;
}

/** Frame times (ms) while the window scrolls the list by `step` pixels a frame for `frames` frames. */
async function measureScroll(page: Page, frames: number, step: number): Promise<number[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    ({ frames, step }) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        let last = performance.now();
        const tick = (now: number) => {
          times.push(now - last);
          last = now;
          window.scrollBy(0, step);
          if (times.length < frames) requestAnimationFrame(tick);
          else resolve(times.slice(1));
        };
        requestAnimationFrame(tick);
      }),
    { frames, step },
  );
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('No web build: run `npm run build` at the repository root first');
  }
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  const server = await startServer({
    databaseUrl: db.url,
    keysSecret,
    env: { WEB_DIST_DIR: WEB_DIST },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    log(`database ${db.name}, server ${server.baseUrl}; seeding ${PRODUCTS} products`);
    const seed = await seedCatalogue(db.pool, keysSecret, {
      products: PRODUCTS,
      categories: 50,
      subcategoriesPerCategory: 4,
    });
    const loads: LoadFigures[] = [];
    const keystrokes: number[] = [];
    const frames: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addInitScript(OBSERVE_LONG_TASKS);
      const page = await context.newPage();
      const signedIn = await page.request.post(`${server.baseUrl}/api/auth/login`, {
        data: { identifier: seed.buyerUsername, password: USER_PASSWORD },
      });
      if (!signedIn.ok()) throw new Error(`Sign-in answered ${signedIn.status()}`);
      loads.push(await measureLoad(page, server.baseUrl));
      frames.push(...(await measureScroll(page, 300, 120)));
      keystrokes.push(...(await measureKeystrokes(page, '9999')));
      await context.close();
      log(`run ${run + 1}: ${JSON.stringify(loads.at(-1))}`);
    }

    const median = (pick: (l: LoadFigures) => number) =>
      percentile(
        loads.map(pick).sort((a, b) => a - b),
        50,
      ).toFixed(0);
    const sortedFrames = [...frames].sort((a, b) => a - b);
    const sortedKeys = [...keystrokes].sort((a, b) => a - b);
    log(`\n## Shop in the browser, ${new Date().toISOString()}`);
    log(
      `${os.cpus().length} CPUs, Node ${process.version}, Chromium (Debian), ${PRODUCTS} products, ` +
        `${RUNS} runs, 1366 × 900, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    log(`| figure | median |`);
    log(`|---|---:|`);
    log(`| catalogue answer (request start to last byte), ms | ${median((l) => l.answerMs)} |`);
    log(`| catalogue answer, bytes on the wire | ${median((l) => l.answerBytes)} |`);
    log(`| first row on screen after the answer, ms | ${median((l) => l.rowsShownMs)} |`);
    log(
      `| main thread free after the answer (last long task ends), ms | ${median((l) => l.interactiveMs)} |`,
    );
    log(`| long tasks after the answer, ms in all | ${median((l) => l.longTasksAfterAnswerMs)} |`);
    log(`| product rows in the DOM (virtualised) | ${median((l) => l.rowsInDom)} |`);
    log(
      `| keystroke to the list's change, ms (${keystrokes.length} keys) | ${percentile(sortedKeys, 50).toFixed(0)} (max ${sortedKeys.at(-1)?.toFixed(0)}) |`,
    );
    log(
      `| scroll frame time, ms (${frames.length} frames): median / p95 / max | ${percentile(sortedFrames, 50).toFixed(1)} / ${percentile(sortedFrames, 95).toFixed(1)} / ${sortedFrames.at(-1)?.toFixed(1)} |`,
    );
    log(`| scroll frames over 50 ms | ${frames.filter((f) => f > 50).length} |`);
  } finally {
    await browser.close();
    await server.stop();
    await db.drop();
  }
}

await main();
