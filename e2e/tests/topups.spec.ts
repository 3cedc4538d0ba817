import {
  ADMIN,
  apiSignedInAs,
  createUser,
  deposit,
  expectOk,
  jsonOf,
  type TestUser,
} from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { filled, namespaceText, text } from './support/locales';

/** A 1×1 PNG: a proof of payment the server accepts by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ar = (key: string) => namespaceText('ar', 'topups', key);

/** The balance `user` has now, read through its own session. */
async function balanceOf(origin: string, user: TestUser): Promise<number> {
  const api = await apiSignedInAs(origin, user.username, user.password);
  try {
    const me = await jsonOf<{ balance: { current: number } }>(await api.get('/api/users/me'), 'me');
    return me.balance.current;
  } finally {
    await api.dispose();
  }
}

test.describe('top-ups', () => {
  test('a reseller asks the platform for money, an admin approves it, the balance shows it', async ({
    page,
    admin,
    makeUser,
  }) => {
    const name = `E2E wire ${Date.now()}`;
    const method = await jsonOf<{ id: string }>(
      await admin.post('/api/topup-methods', {
        data: {
          nameEn: name,
          nameFr: name,
          nameAr: name,
          instructionsEn: 'IBAN E2E 0001',
          instructionsFr: 'IBAN E2E 0001',
          instructionsAr: 'IBAN E2E 0001',
          kind: 'manual',
          currencyCode: 'USD',
          minAmount: 1,
          maxAmount: 1000,
          feePercent: 2,
          feeFixed: 0,
          proofRequired: false,
          enabled: true,
        },
      }),
      'method',
    );
    expect(method.id).toBeTruthy();
    const reseller = await makeUser('reseller', 'topup');

    await signInAs(page, reseller);
    await page.goto('/reseller/topup');
    await expect(page.getByText('IBAN E2E 0001')).toBeVisible();
    await page.getByLabel('Method').selectOption({ label: name });
    await page.getByLabel('Amount (USD)').fill('50');
    // 2 % fee: $49.00 credited, shown as it is typed.
    await expect(page.getByText('Credited to your balance: $49.00')).toBeVisible();
    await page.getByLabel('Reference', { exact: true }).fill('E2E-REF-1');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByText('Request sent: your funder will decide it')).toBeVisible();
    const mine = page.getByRole('row').filter({ hasText: name });
    await expect(mine).toContainText('Pending');

    await signInAs(page, ADMIN);
    await page.goto('/admin/topup-requests?status=pending');
    const request = page.getByRole('row').filter({ hasText: reseller.username });
    await expect(request).toContainText('E2E-REF-1');
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Amount credited (USD)')).toHaveValue('49');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved and credited')).toBeVisible();

    await signInAs(page, reseller);
    await page.goto('/reseller/topup');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Approved');
    const me = await jsonOf<{ balance: { current: number } }>(
      await page.request.get('/api/users/me'),
      'me',
    );
    expect(me.balance.current).toBe(49);
    await page.goto('/reseller/statement');
    await expect(page.getByRole('row').filter({ hasText: 'Top-up' })).toContainText('$49.00');
    await expectOk(await page.request.get('/api/topups'), 'own list');
  });

  test('a sub-reseller asks its upline for $20 with a proof, in Arabic on a phone; the upline approves from its queue; both balances and statements move, and the bell says so without a reload', async ({
    page,
    browser,
    admin,
    origin,
    makeUser,
  }) => {
    // Two browsers, two accounts and two statements: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const upline = await makeUser('reseller', 'upline');
    await deposit(admin, upline.id, 100);
    const uplineApi = await apiSignedInAs(origin, upline.username, upline.password);
    const sub = await createUser(origin, uplineApi, 'reseller', 'sub');
    const nameAr = `نقدًا E2E ${Date.now()}`;
    await expectOk(
      await uplineApi.post('/api/topup-methods', {
        data: {
          nameEn: 'E2E cash',
          nameFr: 'E2E espèces',
          nameAr,
          instructionsEn: 'Hand it over',
          instructionsFr: 'En main propre',
          instructionsAr: 'سلّمه يدًا بيد',
          kind: 'manual',
          currencyCode: 'USD',
          minAmount: 5,
          maxAmount: 500,
          feePercent: 0,
          feeFixed: 0,
          proofRequired: true,
          enabled: true,
        },
      }),
      "the upline's method",
    );
    await uplineApi.dispose();

    // The sub-reseller, in Arabic on a 390 px phone, keeps its page open throughout.
    const phone = await browser.newContext({
      baseURL: origin,
      viewport: { width: 390, height: 844 },
    });
    await phone.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
    const subPage = await phone.newPage();
    await signInAs(subPage, sub);
    await subPage.goto('/reseller/topup');
    await expect(subPage.locator('html')).toHaveAttribute('dir', 'rtl');
    const bell = subPage.getByRole('button', {
      name: new RegExp(`^${text('ar', 'notifications.bell')}`),
    });
    await expect(bell).toHaveAccessibleName(text('ar', 'notifications.bell'));
    await subPage.getByLabel(ar('topup.method')).selectOption({ label: nameAr });
    // The currency code inside the Arabic label is isolated (Unicode isolates around it).
    await subPage.getByRole('textbox', { name: /USD/ }).fill('20');
    await subPage.getByLabel(ar('topup.reference'), { exact: true }).fill('E2E-CASH-20');
    await subPage
      .getByLabel(`${ar('topup.proof')} *`)
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await subPage.getByRole('button', { name: ar('topup.submit') }).click();
    await expect(subPage.getByText(ar('topup.sent'))).toBeVisible();
    const mine = subPage.getByRole('row').filter({ hasText: nameAr });
    await expect(mine).toContainText(ar('status.pending'));
    // Nothing sideways on the phone.
    expect(
      await subPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // The upline decides from its queue, the proof in place.
    await signInAs(page, upline);
    await page.goto('/reseller/topup-requests?status=pending');
    const request = page.getByRole('row').filter({ hasText: sub.username });
    await expect(request).toContainText('E2E-CASH-20', { timeout: 20_000 });
    await expect(request.getByRole('button', { name: 'Show the proof' })).toBeVisible();
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Amount credited (USD)')).toHaveValue('20');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved and credited')).toBeVisible();

    // The sub-reseller's open page hears it: the bell counts the approval (and the balance's
    // credit), the request reads approved, and the bell's entry says so with the amount.
    await expect(bell).toHaveAccessibleName(
      filled('ar', text('ar', 'notifications.bellUnread_two'), { count: 2 }),
      {
        timeout: 20_000,
      },
    );
    await expect(mine).toContainText(ar('status.approved'));
    await bell.click();
    const approval = text('ar', 'notifications.types.topupApproved');
    await expect(subPage.getByRole('menuitem', { name: new RegExp(approval) })).toContainText(
      '$20.00',
    );
    await subPage.keyboard.press('Escape');

    // Both balances moved: a transfer out of the upline's into the sub-reseller's.
    expect(await balanceOf(origin, sub)).toBe(20);
    expect(await balanceOf(origin, upline)).toBe(80);
    await subPage.goto('/reseller/statement');
    const subRows = subPage.locator('tbody tr');
    await expect(subRows).toHaveCount(1);
    await expect(subRows.first()).toContainText(namespaceText('ar', 'money', 'kind.transfer'));
    await expect(subRows.first()).toContainText('+$20.00');
    await page.goto('/reseller/statement');
    const transfer = page.locator('tbody tr').filter({ hasText: 'Transfer' });
    await expect(transfer).toHaveCount(1);
    await expect(transfer).toContainText('-$20.00');
    await expect(transfer).toContainText('$80.00');
    await phone.close();
  });
});
