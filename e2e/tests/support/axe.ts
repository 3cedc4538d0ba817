import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Waits until nothing is loading any more: no spinner, no pending request, a heading shown. */
export async function settle(page: Page) {
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expect(page.locator('main h1, main [role=alert]').first()).toBeVisible();
}

/** The inner paths of an area (`admin`, `manager`, `reseller`), read from its sidebar links. */
export async function areaScreens(page: Page, role: string): Promise<string[]> {
  await page.goto(`/${role}`);
  await expect(page).toHaveURL(new RegExp(`/${role}(/|$)`));
  const links = page.locator('aside nav a');
  await expect(links.first()).toBeAttached();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(hrefs)];
}

/**
 * Runs axe on the page as it is (or only inside `within`, a CSS selector); serious and critical
 * findings fail the test, listed.
 */
export async function expectNoSeriousViolations(page: Page, what: string, within?: string) {
  // A toast or dialog caught mid-fade has a blended, low-contrast colour: wait for finite
  // animations and transitions to end (spinners loop forever and are left alone).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // Legacy mode runs axe in the page itself. The default splits the run to reach cross-origin
  // frames, and opens a blank page for every check to put the parts together: a quarter of the
  // time of a sweep of every admin screen (2026-11-29), for frames this app does not have.
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Experimental in axe, so not among the tags: a control's name holds the text it shows
    // (WCAG 2.5.3, Label in Name), which is what someone using voice control says to reach it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode();
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe on ${what}`).toEqual([]);
}
