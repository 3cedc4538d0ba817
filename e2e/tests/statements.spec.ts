import { readFile } from 'node:fs/promises';
import { ADMIN, expectOk, jsonOf } from './support/api';
import { expect, signInAs, test } from './support/fixtures';

const CSV_HEADER =
  'Date (UTC),Bucket,Kind,Amount (USD),Balance after (USD),Order,Counterparty,By,Note';

test.describe('statements, audit log and reconciliation', () => {
  test("an admin opens a reseller's statement from the users screen", async ({
    page,
    admin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'stmt');
    await expectOk(
      await admin.post(`/api/balance/${reseller.id}/add`, { data: { amount: 25 } }),
      'deposit',
    );

    await signInAs(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(reseller.username);
    await page.getByRole('link', { name: `View profile of ${reseller.username}` }).click();
    await expect(page.getByRole('heading', { name: 'User profile', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Statement' }).click();

    const table = page.getByRole('table', { name: 'Statement' });
    const deposit = table.getByRole('row').filter({ hasText: 'Deposit' });
    await expect(deposit).toHaveCount(1);
    await expect(deposit).toContainText('+$25.00');
    await expect(deposit).toContainText(`@${ADMIN.username}`);
  });

  test('a reseller reads its own statement in Arabic and downloads it as CSV', async ({
    page,
    admin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'stmt');
    await expectOk(
      await admin.post(`/api/balance/${reseller.id}/add`, { data: { amount: 40 } }),
      'deposit',
    );
    await expectOk(
      await admin.post(`/api/balance/${reseller.id}/remove`, { data: { amount: 15 } }),
      'withdrawal',
    );

    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'ar'));
    await signInAs(page, reseller);
    await page.goto('/reseller/dashboard');
    await page.getByRole('link', { name: 'كشف الحساب' }).click();
    await expect(page).toHaveURL(/\/reseller\/statement$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'كشف الحساب', level: 1 })).toBeVisible();

    const table = page.getByRole('table', { name: 'كشف الحساب' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    // Newest first: the withdrawal, signed and followed by the running balance, then the deposit.
    await expect(rows.nth(0)).toContainText('سحب');
    await expect(rows.nth(0)).toContainText('-$15.00');
    await expect(rows.nth(0)).toContainText('$25.00');
    await expect(rows.nth(1)).toContainText('إيداع');
    await expect(rows.nth(1)).toContainText('+$40.00');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تنزيل CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const csv = await readFile(path, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).split('\r\n').filter(Boolean);
    expect(header).toBe(CSV_HEADER);
    expect(lines.map((line) => line.split(',').slice(2, 5))).toEqual([
      ['withdrawal', '-15', '25'],
      ['deposit', '40', '40'],
    ]);
  });

  test("the admin filters the audit log by action and reads an entry's before and after", async ({
    page,
    admin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'audit');
    await expectOk(
      await admin.post(`/api/balance/${reseller.id}/add`, { data: { amount: 12 } }),
      'deposit',
    );

    await signInAs(page, ADMIN);
    await page.goto('/admin/audit-log');
    // The actions are a list, each by its name; the code stays in the address.
    await page.getByLabel('Action').selectOption({ label: 'Balance added' });
    await page.getByLabel('Target id').fill(reseller.id);
    await expect(page).toHaveURL(/action=balance.deposit/);
    await expect(page).toHaveURL(new RegExp(`targetId=${reseller.id}`));
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('balance.deposit');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`@${ADMIN.username}`);
    // The target by its name, the id in its tooltip.
    await expect(rows.first().getByTitle(reseller.id)).toHaveText(`@${reseller.username}`);

    await rows.first().getByRole('button', { name: 'Before / after: Balance added' }).click();
    const dialog = page.getByRole('dialog', { name: 'Before and after' });
    const balance = dialog.getByRole('row', { name: /balanceCents/ });
    await expect(balance.getByRole('cell')).toHaveText(['$0.00', '$12.00']);
  });

  test('the dashboard shows the last reconciliation and runs it again', async ({ page, admin }) => {
    const stored = await jsonOf<{ ok: boolean; checkedAt: string; checks: unknown[] }>(
      await admin.post('/api/admin/reconciliation', { data: {} }),
      'reconciliation',
    );
    expect(stored.ok).toBe(true);

    await signInAs(page, ADMIN);
    await page.goto('/admin/dashboard');
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Money reconciliation' }) });
    // The dashboard draws its map and charts at the same time: on a busy machine its first
    // render takes a while, hence the patience here (not a measure of anything).
    await expect(card).toContainText(`All ${stored.checks.length} checks hold`, {
      timeout: 30_000,
    });
    await expect(card.getByText(/^Checked /)).toBeVisible();

    await card.getByRole('button', { name: 'Run now' }).click();
    await expect(card.getByRole('button', { name: 'Run now' })).toBeEnabled();
    await expect(card).toContainText(`All ${stored.checks.length} checks hold`);
    const last = await jsonOf<{ last: { checkedAt: string } }>(
      await admin.get('/api/admin/reconciliation/last'),
      'last reconciliation',
    );
    // "Run now" stored a newer result than the one the page opened with.
    expect(Date.parse(last.last.checkedAt)).toBeGreaterThan(Date.parse(stored.checkedAt));
  });
});
