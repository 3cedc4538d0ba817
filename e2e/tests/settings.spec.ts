import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, jsonOf, uniqueSuffix } from './support/api';
import { expectNoSeriousViolations, settle } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { namespaceText } from './support/locales';
import { wavFile } from './support/media';

/**
 * The admin's Settings screens against the real server: what an administrator changes there
 * reaches the API, and maintenance mode shuts managers and resellers out.
 */

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name })
    .click();
}

/** The success toast, which sonner shows one at a time. */
function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

type Currency = { id: string; code: string };

/** EUR may exist from an earlier test of this run: the test adds it itself. */
async function removeCurrency(admin: APIRequestContext, code: string) {
  const { currencies } = await jsonOf<{ currencies: Currency[] }>(
    await admin.get('/api/currencies'),
    'Listing currencies',
  );
  const existing = currencies.find((currency) => currency.code === code);
  if (existing) await admin.delete(`/api/currencies/${existing.id}`);
}

async function setMaintenance(admin: APIRequestContext, maintenanceMode: boolean) {
  await jsonOf(
    await admin.put('/api/system-settings', { data: { maintenanceMode } }),
    'Setting maintenance',
  );
}

test('an admin edits currencies, alerts, FAQs, banned countries and music', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await removeCurrency(admin, 'EUR');
  await signInAs(page, ADMIN);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Currencies: USD stays, EUR is added.
  await openSection(page, 'Currencies');
  await expect(page).toHaveURL(/\/admin\/settings\/currencies$/);
  await expect(page.getByRole('button', { name: 'Delete USD' })).toBeDisabled();
  await page.getByLabel('Code').fill('eur');
  await page.getByLabel('Symbol').fill('€');
  await page.getByLabel('Rate to USD').fill('0.92');
  await page.getByRole('button', { name: 'Add currency' }).click();
  await expect(toast(page, 'EUR added')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$10.00 = €9.20' })).toBeVisible();
  const { currencies } = await jsonOf<{ currencies: (Currency & { rateToUSD: number })[] }>(
    await admin.get('/api/currencies'),
    'Listing currencies',
  );
  expect(currencies.find((currency) => currency.code === 'EUR')?.rateToUSD).toBe(0.92);

  // Alerts: posted in three languages, then deleted after confirmation.
  const suffix = uniqueSuffix();
  await openSection(page, 'Alerts');
  await page.getByLabel('Message in English').fill(`Payments are delayed ${suffix}`);
  await page.getByLabel('Message in French').fill(`Les paiements sont retardés ${suffix}`);
  await page.getByLabel('Message in Arabic').fill(`المدفوعات متأخرة ${suffix}`);
  await page.getByLabel('Severity').selectOption('critical');
  await page.getByRole('button', { name: 'Post alert' }).click();
  await expect(toast(page, 'Alert posted')).toBeVisible();
  const alertItem = page
    .getByRole('listitem')
    .filter({ hasText: `Payments are delayed ${suffix}` });
  await expect(alertItem.getByText('Critical', { exact: true })).toBeVisible();
  await alertItem.getByRole('button', { name: 'Delete this alert' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this alert?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(alertItem).toHaveCount(0);

  // FAQs: a new question goes last in the list.
  await openSection(page, 'FAQs');
  const question = `Can I pay with a gift card? ${suffix}`;
  await page.getByLabel('Question in English').fill(question);
  await page
    .getByLabel('Question in French')
    .fill(`Puis-je payer avec une carte cadeau ? ${suffix}`);
  await page.getByLabel('Question in Arabic').fill(`هل يمكنني الدفع ببطاقة هدية؟ ${suffix}`);
  await page.getByLabel('Answer in English').fill('Not yet: only your balance.');
  await page.getByLabel('Answer in French').fill('Pas encore : seulement votre solde.');
  await page.getByLabel('Answer in Arabic').fill('ليس بعد: رصيدك فقط.');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(toast(page, 'Question added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'FAQs' }).getByRole('listitem').last()).toContainText(
    question,
  );
  const { faqs } = await jsonOf<{ faqs: { questionEn: string }[] }>(
    await page.request.get('/api/faqs'),
    'Listing FAQs',
  );
  expect(faqs.at(-1)?.questionEn).toBe(question);

  // Banned countries: found by typing, banned, then unbanned after confirmation.
  await openSection(page, 'Banned countries');
  const bannedTable = page.getByRole('table');
  await page.getByRole('combobox', { name: 'Country' }).fill('new zea');
  await page.getByRole('option', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Ban country' }).click();
  // Asked first, as unbanning is.
  await page
    .getByRole('dialog', { name: 'Ban New Zealand?' })
    .getByRole('button', { name: 'Ban country' })
    .click();
  await expect(toast(page, 'New Zealand banned')).toBeVisible();
  await expect(bannedTable.getByRole('cell', { name: 'New Zealand', exact: true })).toBeVisible();
  await bannedTable.getByRole('button', { name: 'Unban New Zealand' }).click();
  await page
    .getByRole('dialog', { name: 'Unban New Zealand?' })
    .getByRole('button', { name: 'Unban' })
    .click();
  await expect(toast(page, 'New Zealand unbanned')).toBeVisible();
  await expect(bannedTable.getByRole('cell', { name: 'New Zealand', exact: true })).toHaveCount(0);

  // Music: a real WAV file, its upload progress, then the preview plays it.
  await openSection(page, 'Music');
  await page.getByLabel('Music file').setInputFiles({
    name: `tone-${suffix}.wav`,
    mimeType: 'audio/wav',
    buffer: wavFile(2),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Music updated')).toBeVisible();
  // Done: the bar goes away with the chosen file (a full bar left behind read as still uploading).
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await expect(page.getByText(/^WAV · /)).toBeVisible();
  const preview = page.getByLabel('Preview of the current track');
  // The browser reads the uploaded track's length from the server's copy: about 2 seconds.
  await expect
    .poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 10_000 })
    .toBeCloseTo(2, 1);
});

test('in Arabic on a phone (390 px), the music upload bar shows while sending and goes once done', async ({
  page,
}) => {
  // English at 1366 px is the test above; here the bar is also seen during the upload.
  const music = (key: string) => namespaceText('ar', 'settings', `music.${key}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
  await signInAs(page, ADMIN);
  await page.goto('/admin/settings/music');
  // The upload waits a moment on its way to the server, long enough to see its bar.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/music/update', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel(music('file')).setInputFiles({
    name: `tone-${uniqueSuffix()}.wav`,
    mimeType: 'audio/wav',
    buffer: wavFile(1),
  });
  await page.getByRole('button', { name: music('upload'), exact: true }).click();
  const bar = page.getByRole('progressbar', { name: music('progress') });
  await expect(bar).toBeVisible();
  release();
  await expect(toast(page, music('uploaded'))).toBeVisible();
  await expect(bar).toHaveCount(0);
  // The file field starts over too, and the page is no wider than the phone.
  await expect(page.getByText(music('noFile'))).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('maintenance mode, switched on in Settings, refuses a reseller', async ({
  page,
  browser,
  admin,
  makeUser,
}) => {
  test.setTimeout(90_000);
  const reseller = await makeUser('reseller', 'maint');
  await signInAs(page, ADMIN);
  await page.goto('/admin/settings/system');
  const maintenance = page.getByRole('switch', { name: 'Maintenance mode' });
  await expect(maintenance).not.toBeChecked();

  const resellerContext = await browser.newContext();
  try {
    await maintenance.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(
      page.getByText('Maintenance mode is on: managers and resellers cannot use the platform.'),
    ).toBeVisible();

    // Each server re-reads the setting within 2 s; sign-in itself stays open.
    const resellerPage = await resellerContext.newPage();
    await signInAs(resellerPage, reseller);
    await expect
      .poll(async () => (await resellerPage.request.get('/api/users/me')).status(), {
        timeout: 10_000,
      })
      .toBe(503);
    const refusal = await resellerPage.request.get('/api/orders/all');
    expect(refusal.status()).toBe(503);
    expect(await refusal.json()).toMatchObject({
      statusCode: 503,
      message: { type: 'maintenance' },
    });

    // What the reseller sees instead of the area: the maintenance page (the shell's).
    await resellerPage.goto('/reseller');
    await expect(
      resellerPage.getByRole('heading', { level: 1, name: 'We’ll be back soon' }),
    ).toBeVisible();

    // The administrator keeps working and switches it off again.
    await page.reload();
    await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect
      .poll(async () => (await resellerPage.request.get('/api/users/me')).status(), {
        timeout: 10_000,
      })
      .toBe(200);
  } finally {
    // Whatever failed above, the rest of the run must not find the platform closed.
    await setMaintenance(admin, false);
    await resellerContext.close();
  }
});

const sections = [
  'system',
  'currencies',
  'alerts',
  'faqs',
  'social-links',
  'music',
  'banned-countries',
  'thresholds',
];

for (const language of ['en', 'ar'] as const) {
  test(`every settings section passes axe (${language})`, async ({ page, admin }) => {
    test.setTimeout(120_000);
    // Lists with something in them: an inactive alert (no banner elsewhere) and a banned country.
    const alert = await jsonOf<{ id: string }>(
      await admin.post('/api/alerts', {
        data: {
          messageEn: 'Quiet alert',
          messageFr: 'Alerte discrète',
          messageAr: 'تنبيه هادئ',
          severity: 'info',
          active: false,
        },
      }),
      'Posting an alert',
    );
    const ban = await jsonOf<{ id: string }>(
      await admin.post('/api/banned-countries/ban', { data: { countryCode: 'AQ' } }),
      'Banning a country',
    );
    try {
      await page.addInitScript((chosen) => {
        window.localStorage.setItem('preferredLanguage', chosen);
      }, language);
      await signInAs(page, ADMIN);
      for (const section of sections) {
        await page.goto(`/admin/settings/${section}`);
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await settle(page);
        await expectNoSeriousViolations(page, `/admin/settings/${section} (${language})`, 'main');
      }
    } finally {
      await admin.delete(`/api/alerts/${alert.id}`);
      await admin.delete(`/api/banned-countries/unban/${ban.id}`);
    }
  });
}
