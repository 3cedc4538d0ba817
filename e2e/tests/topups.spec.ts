import { ADMIN, expectOk, jsonOf } from './support/api';
import { expect, signInAs, test } from './support/fixtures';

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
});
