import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiSignedInAs,
  createUser,
  deposit,
  expectOk,
  jsonOf,
  readSiteName,
  uniqueSuffix,
  type TestUser,
} from './support/api';
import { settle } from './support/axe';
import { placeOrder, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { filled, namespaceText, text } from './support/locales';
import { DESKTOP, lookName, PHONE, PICTURES, sweep, type Language } from './support/looks';

/**
 * The rough edges on phones and in Arabic that a real browser showed, each checked where it
 * showed: in the looks of the sweep (support/looks.ts), on a phone (390 px) and a laptop
 * (1366 px), left to right and right to left.
 */
const directory = fileURLToPath(new URL('../artifacts/screenshots/polish/', import.meta.url));

type Look = { language: Language; theme: string };
const widths = [PHONE, DESKTOP] as const;

/** The reader's language and theme, and (signed in through the form) the stored role. */
async function prepare(page: Page, look: Look, width: number, storedRole?: string) {
  await page.setViewportSize({ width, height: 844 });
  await page.addInitScript(
    ({ chosen, role }) => {
      window.localStorage.setItem('preferredLanguage', chosen.language);
      window.localStorage.setItem('theme', chosen.theme);
      if (role) window.localStorage.setItem('userRole', role);
    },
    { chosen: look, role: storedRole },
  );
}

type Currency = { id: string; code: string; symbol: string; rateToUSD: number };
/** The text of an error answer (DESIGN.md §2). */
type ErrorText = { message: { text: string } };

/** The currency `code` at `rateToUSD`: created, or its rate changed in place when it exists. */
async function currencyAt(admin: APIRequestContext, code: string, symbol: string, rate: number) {
  const { currencies } = await jsonOf<{ currencies: Currency[] }>(
    await admin.get('/api/currencies'),
    'Listing currencies',
  );
  const existing = currencies.find((currency) => currency.code === code);
  if (!existing) {
    return jsonOf<Currency>(
      await admin.post('/api/currencies/create', { data: { code, symbol, rateToUSD: rate } }),
      `Creating ${code}`,
    );
  }
  return jsonOf<Currency>(
    await admin.patch(`/api/currencies/${existing.id}`, { data: { rateToUSD: rate } }),
    `Setting the rate of ${code}`,
  );
}

/** Opens the phone's navigation drawer when the width hides the sidebar. */
async function openDrawerOnPhone(page: Page, language: Language, width: number) {
  if (width >= 768) return;
  await page.getByRole('button', { name: text(language, 'nav.open') }).click();
}

/** With E2E_SCREENSHOTS set, the window as it is, for a person to look at. */
async function shot(page: Page, name: string) {
  if (PICTURES) await page.screenshot({ path: `${directory}${name}.png`, fullPage: false });
}

/** An amount as the app writes it in `language`: French puts a comma before the cents. */
function money(language: Language, amount: string) {
  return language === 'fr' ? amount.replaceAll('.', ',') : amount;
}

for (const look of sweep) {
  const { language, width } = look;

  test.describe(lookName(look), () => {
    test('the currency select shows its longest option whole', async ({
      page,
      admin,
      makeUser,
    }) => {
      // A long symbol of another script beside the code: what a fixed width clipped.
      await currencyAt(admin, 'KWD', 'د.ك.', 0.31);
      await currencyAt(admin, 'XAF', 'FCFA', 605);
      const reseller = await makeUser('reseller', 'cursel');
      await prepare(page, look, width);
      await signInAs(page, reseller);
      await page.goto('/reseller/profile');
      await settle(page);
      await openDrawerOnPhone(page, language, width);
      const select = page
        .locator('select:visible')
        .filter({ has: page.locator('option[value="XAF"]') });
      await expect(select).toHaveCount(1);
      for (const code of ['XAF', 'KWD', 'USD']) {
        await select.selectOption(code);
        const fit = await select.evaluate((element: HTMLSelectElement) => {
          const style = getComputedStyle(element);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const shown = element.selectedOptions[0]?.text ?? '';
          return {
            text: context.measureText(shown).width,
            room:
              element.clientWidth -
              parseFloat(style.paddingInlineStart) -
              parseFloat(style.paddingInlineEnd),
          };
        });
        expect(fit.text, `${code} fits its select at ${width} px`).toBeLessThanOrEqual(fit.room);
      }
      await shot(page, `currency-select-${lookName(look)}`);
      expect(await sidewaysOverflow(page)).toBe(0);
      await select.selectOption('USD');
    });

    test('the buy dialog in another currency says what is charged in USD and the balance after', async ({
      page,
      admin,
      makeUser,
    }) => {
      await currencyAt(admin, 'CHF', 'Fr', 0.5);
      const product = await seedProduct(admin, {
        deliveryType: 'request',
        stockQuantity: 5,
        resellerPrice: 9,
        name: `Polish charge ${uniqueSuffix()}`,
      });
      const reseller = await makeUser('reseller', 'charge');
      await deposit(admin, reseller.id, 100);
      await prepare(page, look, width);
      await page.addInitScript(() =>
        window.localStorage.setItem(
          'display-currency',
          JSON.stringify({ code: 'CHF', symbol: 'Fr', rateToUSD: 0.5 }),
        ),
      );
      await signInAs(page, reseller);
      await page.goto('/reseller/products');
      await settle(page);
      await page.getByRole('searchbox').first().fill(product.name);
      await page.getByRole('button', { name: product.name }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text(language, 'shop.buyDialog.quantity')).fill('2');
      const charge = dialog.getByTestId('order-charge');
      // 2 × $9 = $18.00 charged; Fr 9.00 shown; the balance goes from $100 to $82.
      await expect(charge).toContainText(text(language, 'shop.buyDialog.chargedInUsd'));
      await expect(charge).toContainText(text(language, 'shop.buyDialog.balanceAfter'));
      const separator = { ar: '[.,٫]', fr: ',', en: '\\.' }[language];
      await expect(charge).toContainText(new RegExp(`\\$18${separator}00`));
      // "Fr" is made of letters: a no-break space always stands between it and the digits.
      await expect(charge).toContainText(new RegExp(`Fr\\u00a041${separator}00`));
      await expect(charge).toContainText(new RegExp(`\\$82${separator}00`));
      await expect(dialog.getByTestId('order-total')).toContainText(
        new RegExp(`Fr\\u00a09${separator}00`),
      );
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, `buy-dialog-${lookName(look)}`);
      await page.keyboard.press('Escape');
    });

    test('tickets: an open ticket is said up front; a cancelled order reads as cancelled by the buyer', async ({
      page,
      origin,
      admin,
      makeUser,
    }) => {
      const reseller = await makeUser('reseller', 'tkt');
      await deposit(admin, reseller.id, 100);
      const product = await seedProduct(admin, {
        deliveryType: 'request',
        stockQuantity: 5,
        resellerPrice: 9,
        name: `Polish cancel ${uniqueSuffix()}`,
      });
      const api = await apiSignedInAs(origin, reseller.username, reseller.password);
      const subject = `Still waiting ${uniqueSuffix()}`;
      await expectOk(
        await api.post('/api/tickets/create', {
          data: { subject, message: 'The key I bought has not arrived yet.' },
        }),
        'Opening a ticket',
      );
      await placeOrder(api, product.id, 1);
      await api.dispose();

      await prepare(page, look, width);
      await signInAs(page, reseller);
      await page.goto('/reseller/tickets');
      await settle(page);
      const note = page.getByRole('note');
      await expect(note).toContainText(text(language, 'messages.openTicketExists'));
      await expect(note).toContainText(subject);
      await expect(
        page.getByLabel(namespaceText(language, 'tickets', 'form.subject')),
      ).toBeDisabled();
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, `tickets-open-${lookName(look)}`);

      // The pending order cancelled, through a dialog that reads as a cancellation.
      await page.goto('/reseller/orders?status=pending');
      await settle(page);
      const row = page.getByRole('row').filter({ hasText: product.name }).first();
      await row
        .getByRole('button', { name: text(language, 'orders.cancel.open'), exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: text(language, 'orders.cancel.title') });
      await expect(
        dialog.getByRole('button', { name: text(language, 'common.cancel'), exact: true }),
      ).toHaveCount(0);
      await expect(
        dialog.getByRole('button', { name: text(language, 'orders.cancel.keep') }),
      ).toBeVisible();
      await dialog.getByRole('button', { name: text(language, 'orders.cancel.submit') }).click();
      await expect(dialog).toContainText(text(language, 'orders.cancel.reasonRequired'));
      await shot(page, `cancel-dialog-${lookName(look)}`);
      await dialog.getByLabel(text(language, 'orders.cancel.reason')).fill('Ordered twice');
      await dialog.getByRole('button', { name: text(language, 'orders.cancel.submit') }).click();
      await expect(dialog).toBeHidden();

      // The order now shows as cancelled by the buyer, in the list and in the details.
      await page.goto('/reseller/orders?status=rejected');
      await settle(page);
      const cancelled = page.getByRole('row').filter({ hasText: product.name });
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled).toContainText(text(language, 'orders.status.cancelledByBuyer'));
      await cancelled
        .getByRole('button', {
          name: filled(language, text(language, 'orders.list.view'), { name: product.name }),
        })
        .click();
      const details = page.getByRole('dialog', { name: text(language, 'orders.details.title') });
      await expect(details).toContainText(text(language, 'orders.status.cancelledByBuyer'));
      await expect(details).toContainText(text(language, 'orders.fields.cancellationReason'));
      await expect(details).toContainText('Ordered twice');
      await shot(page, `cancelled-details-${lookName(look)}`);
    });

    test('settings: a rate edited in place, a ban confirmed, a bulk price change shown first', async ({
      page,
      admin,
    }) => {
      const code = language === 'ar' ? 'NOK' : 'SEK';
      await currencyAt(admin, code, 'kr', 10);
      const tag = uniqueSuffix();
      const products = [
        await seedProduct(admin, { managerPrice: 8, resellerPrice: 10, name: `Bulk ${tag} A` }),
        await seedProduct(admin, { managerPrice: 9, resellerPrice: 11, name: `Bulk ${tag} B` }),
      ];
      const settings = (key: string) => namespaceText(language, 'settings', key);
      const pricing = (key: string) => namespaceText(language, 'pricing', key);

      await prepare(page, look, width);
      await signInAs(page, ADMIN);

      // The rate: edited from the keyboard where it is read.
      await page.goto('/admin/settings/currencies');
      await settle(page);
      const newRate = width === 390 ? '10.5' : '11.25';
      const edit = page.getByRole('button', {
        name: filled(language, settings('currencies.editRate'), { code }),
      });
      await edit.focus();
      await page.keyboard.press('Enter');
      const field = page.getByLabel(filled(language, settings('currencies.rateFor'), { code }));
      await expect(field).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(field).toHaveCount(0);
      await expect(edit).toBeFocused();
      await page.keyboard.press('Enter');
      await field.fill(newRate);
      await shot(page, `rate-edit-${lookName(look)}`);
      await page.keyboard.press('Enter');
      await expect(field).toHaveCount(0);
      await expect(page.getByRole('row').filter({ hasText: code })).toContainText(newRate);
      expect(await sidewaysOverflow(page)).toBe(0);

      // A ban is asked first; cancelled, nothing is banned.
      await page.goto('/admin/settings/banned-countries');
      await settle(page);
      await page.getByRole('combobox', { name: settings('bannedCountries.country') }).fill('NZ');
      await page.getByRole('option').filter({ hasText: /NZ$/ }).first().click();
      await page.getByRole('button', { name: settings('bannedCountries.ban') }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText(
        settings('bannedCountries.banTitle').split('{{country}}')[0]!,
      );
      await shot(page, `ban-confirm-${lookName(look)}`);
      await confirm
        .getByRole('button', { name: text(language, 'common.cancel'), exact: true })
        .click();
      await expect(confirm).toBeHidden();
      const banned = await jsonOf<{ countries: { countryCode: string }[] }>(
        await admin.get('/api/banned-countries/banned'),
        'Listing banned countries',
      );
      expect(banned.countries.map((country) => country.countryCode)).not.toContain('NZ');

      // A bulk change says how many products, the rule, and each price before and after.
      await page.goto('/admin/price-control');
      await settle(page);
      await page.getByRole('main').getByRole('searchbox').first().fill(`Bulk ${tag}`);
      const table = page.getByRole('region', {
        name: filled(language, pricing('table.label'), { count: 2 }),
      });
      for (const product of products) {
        await table
          .getByRole('checkbox', {
            name: filled(language, pricing('table.select'), { name: product.name }),
          })
          .check();
      }
      await page.getByLabel(pricing('bulk.amount.managerPrice')).fill('1.5');
      await page
        .getByRole('button', { name: filled(language, pricing('bulk.apply'), { count: 2 }) })
        .click();
      const preview = page.getByRole('dialog');
      await expect(preview.getByTestId('bulk-preview')).toContainText(money(language, '+$1.50'));
      await expect(preview).toContainText(money(language, '$8.00 → $9.50'));
      await expect(preview).toContainText(money(language, '$9.00 → $10.50'));
      await expect(preview).toContainText(products[0]!.name);
      await shot(page, `bulk-confirm-${lookName(look)}`);
      await preview
        .getByRole('button', { name: text(language, 'common.cancel'), exact: true })
        .click();
      await expect(preview).toBeHidden();
      // Nothing was applied by the cancelled confirmations.
      const listed = await jsonOf<{ data: { id: string; managerPrice: number }[] }>(
        await admin.get(`/api/products?limit=10000`),
        'Listing products',
      );
      expect(listed.data.find((product) => product.id === products[0]!.id)?.managerPrice).toBe(8);
    });

    test('a signed-in user opening /login, /signup or a public page is shown the way back', async ({
      page,
      makeUser,
    }) => {
      const reseller = await makeUser('reseller', 'back');
      await prepare(page, look, width, 'reseller');
      await signInAs(page, reseller);
      await page.goto('/login');
      await expect(page).toHaveURL(/\/reseller(\/[^?#]*)?$/);
      await page.goto('/signup');
      await expect(page).toHaveURL(/\/reseller(\/[^?#]*)?$/);
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: text(language, 'nav.label') });
      const back = nav.getByRole('link', { name: text(language, 'nav.goToArea') });
      await expect(back).toHaveAttribute('href', '/reseller');
      await expect(nav.getByRole('link', { name: text(language, 'auth.login.title') })).toHaveCount(
        0,
      );
      await shot(page, `home-signed-in-${lookName(look)}`);
      await back.click();
      await expect(page).toHaveURL(/\/reseller(\/[^?#]*)?$/);
    });

    // The titles hang on the language, not the width: once per language and theme.
    if (width === PHONE)
      test('the tab title names the public screens, then the site', async ({ page, admin }) => {
        const siteName = await readSiteName(admin);
        await prepare(page, look, 1366);
        for (const path of ['/login', '/home', '/about', '/contact', '/faq', '/no-such-page']) {
          await page.goto(path);
          const heading = page.getByRole('heading', { level: 1 });
          await expect(heading).toBeVisible();
          // The home page's heading is its slogan; its tab says "Home".
          const name =
            path === '/home' ? text(language, 'nav.home') : (await heading.textContent())!;
          await expect(page).toHaveTitle(`${name.trim()} · ${siteName}`);
        }
        // Every screen of every area, in English and Arabic: a11y-sweep.spec.ts. Here, one on a
        // phone.
        await signInAs(page, ADMIN);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/admin/orders');
        await expect(page).toHaveTitle(`${text(language, 'orders.title')} · ${siteName}`);
      });

    test('the global search: "/" and Ctrl+K open it, never inside a field; "see all" leads to the screen', async ({
      page,
      admin,
      makeUser,
    }) => {
      const product = await seedProduct(admin, { name: `Searchable ${uniqueSuffix()}` });
      const reseller = await makeUser('reseller', 'find');
      const search = (key: string) => namespaceText(language, 'search', key);
      await prepare(page, look, width);
      await signInAs(page, reseller);
      await page.goto('/reseller/orders');
      await settle(page);
      const combobox = page.getByRole('combobox', { name: search('label') });
      const blur = () =>
        page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await blur();
      await page.keyboard.press('/');
      await expect(combobox).toBeFocused();
      await expect(combobox).toHaveValue('');
      await page.keyboard.press('Escape');
      await blur();
      await page.keyboard.press('Control+k');
      await expect(combobox).toBeFocused();
      // The shortcut is said where the search is opened.
      await expect(page.getByRole('button', { name: search('open') })).toHaveAttribute(
        'aria-keyshortcuts',
        /\//,
      );

      await combobox.fill(product.name.slice(0, 14));
      const seeAll = page.getByRole('option', { name: search('allProducts') });
      await expect(seeAll).toBeVisible();
      await shot(page, `search-${lookName(look)}`);
      await seeAll.click();
      await expect(page).toHaveURL(/\/reseller\/products\?search=Searchable/);

      // Typing "/" in the page's own search box types it.
      await settle(page);
      const own = page.getByRole('main').getByRole('searchbox').first();
      // The screen's box takes the search from the URL: cleared before that, it came back.
      await expect(own).toHaveValue(product.name.slice(0, 14));
      await own.fill('');
      await own.focus();
      await page.keyboard.press('/');
      await expect(own).toBeFocused();
      await expect(own).toHaveValue('/');
    });

    test('settings cards share one width; the public header and footer share one width', async ({
      page,
    }) => {
      await prepare(page, look, width);
      await page.goto('/home');
      // The frames inside the public header and footer (the layout's own <header>, <footer>).
      const frames = {
        header: page.locator('body header > div').first(),
        footer: page.locator('body footer > div').first(),
      };
      await expect(frames.footer).toBeVisible();
      const header = (await frames.header.boundingBox())!;
      const footer = (await frames.footer.boundingBox())!;
      expect(Math.abs(header.x - footer.x)).toBeLessThan(1);
      expect(Math.abs(header.width - footer.width)).toBeLessThan(1);
      if (PICTURES) {
        await page.screenshot({
          path: `${directory}public-${lookName(look)}.png`,
          fullPage: true,
        });
      }

      await signInAs(page, ADMIN);
      const cardWidths = new Set<number>();
      for (const [index, section] of [
        'system',
        'currencies',
        'alerts',
        'social-links',
        'music',
        'banned-countries',
        'thresholds',
      ].entries()) {
        // The first section opened, the others through their tabs as a reader moves on, rather
        // than a page load each.
        const path = `/admin/settings/${section}`;
        if (index === 0) await page.goto(path);
        else await page.locator(`main nav a[href="${path}"]`).click();
        await expect(page.locator(`main nav a[href="${path}"]`)).toHaveAttribute(
          'aria-current',
          'page',
        );
        await settle(page);
        const cards = page.getByTestId('settings-section').locator('section.shadow-card');
        await expect(cards.first()).toBeVisible();
        for (const card of await cards.all()) {
          cardWidths.add(Math.round((await card.boundingBox())!.width));
        }
      }
      expect([...cardWidths], `card widths at ${width} px`).toHaveLength(1);
      await page.context().clearCookies();
    });
  });
}

test('money in French: a decimal comma, no grouping, a letter code set apart (390 and 1366 px)', async ({
  page,
  admin,
  makeUser,
}) => {
  // DA 134.568 to the dollar: $10 is "DA 1345,68" to a French reader, the balance of $100
  // "DA 13456,80" (not "13 456,80"); what is charged is said in dollars, with a comma too.
  await currencyAt(admin, 'DZD', 'DA', 134.568);
  const product = await seedProduct(admin, {
    deliveryType: 'request',
    stockQuantity: 5,
    resellerPrice: 10,
    name: `Polish virgule ${uniqueSuffix()}`,
  });
  const reseller = await makeUser('reseller', 'virgule');
  await deposit(admin, reseller.id, 100);
  await signInAs(page, reseller);
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'display-currency',
      JSON.stringify({ code: 'DZD', symbol: 'DA', rateToUSD: 134.568 }),
    ),
  );
  for (const width of widths) {
    await prepare(page, { language: 'fr', theme: 'purple' }, width);
    await page.goto('/reseller/products');
    await settle(page);
    await expect(page.getByLabel(text('fr', 'balance.label'))).toContainText(/DA\u00a013456,80/);
    await page.getByRole('searchbox').first().fill(product.name);
    const card = page.getByRole('listitem').filter({ hasText: product.name });
    await expect(card).toContainText(/DA\u00a01345,68/);
    await page.getByRole('button', { name: product.name }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('order-total')).toContainText(/DA\u00a01345,68/);
    const charge = dialog.getByTestId('order-charge');
    await expect(charge).toContainText(/\$10,00/);
    await expect(charge).toContainText(/\$90,00/);
    await expect(dialog).not.toContainText(/\d\.\d\d\b/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.keyboard.press('Escape');
  }
});

test('server messages name money with 2 decimals ("$10.00", not "$10")', async ({
  origin,
  makeUser,
}) => {
  const reseller: TestUser = await makeUser('reseller', 'money');
  const api = await apiSignedInAs(origin, reseller.username, reseller.password);
  try {
    const convert = await api.post('/api/thresholds/convert', { data: {} });
    expect(convert.status()).toBe(409);
    expect(((await convert.json()) as ErrorText).message.text).toMatch(/\$\d+\.\d\d\b/);
    const invitee = await createUser(origin, api, 'reseller', 'moneyinv');
    const transfer = await api.post(`/api/balance/${invitee.id}/add`, { data: { amount: 30 } });
    expect(transfer.status()).toBe(409);
    expect(((await transfer.json()) as ErrorText).message.text).toContain('$30.00');
  } finally {
    await api.dispose();
  }
});
