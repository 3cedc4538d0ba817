import type { APIRequestContext } from '@playwright/test';
import { signedCheckoutEvent, StripeStandIn } from '../../apps/server/test/helpers/stripe-stand-in';
import { STRIPE } from '../playwright.config';
import { ADMIN, apiSignedInAs, expectOk, jsonOf, type TestUser } from './support/api';
import { expect, signInAs, test } from './support/fixtures';

/*
 * Card top-ups with no gateway reachable: the e2e server sends its Stripe calls to a stand-in for
 * Stripe's API that this spec starts on STRIPE.apiPort (playwright.config.ts), and Stripe's
 * callbacks are signed here with the SDK's test helper and the server's webhook secret.
 */
const stripe = new StripeStandIn();
let methodId: string;
const methodName = `E2E card ${Date.now()}`;

test.beforeAll(async () => {
  await stripe.start(STRIPE.apiPort);
});

/** The platform's card method, made once for the spec and deleted after it. */
test.beforeEach(async ({ admin }) => {
  if (methodId) return;
  const method = await jsonOf<{ id: string }>(
    await admin.post('/api/topup-methods', {
      data: {
        nameEn: methodName,
        nameFr: methodName,
        nameAr: methodName,
        instructionsEn: '',
        instructionsFr: '',
        instructionsAr: '',
        kind: 'stripe',
        currencyCode: 'USD',
        minAmount: 1,
        maxAmount: 1000,
        feePercent: 0,
        feeFixed: 0,
        proofRequired: false,
        enabled: true,
      },
    }),
    'the card method',
  );
  methodId = method.id;
});

test.afterAll(async ({ admin }) => {
  if (methodId) await expectOk(await admin.delete(`/api/topup-methods/${methodId}`), 'delete');
  await stripe.stop();
});

/** Sends Stripe's signed `checkout.session.completed` for the request, as its webhook would. */
async function deliver(api: APIRequestContext, event: { payload: string; signature: string }) {
  const response = await api.post('/api/payments/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    data: event.payload,
  });
  expect(await jsonOf<{ received: boolean }>(response, 'the callback')).toEqual({
    received: true,
  });
}

/** A card request of `amount` by `user`, made through the API: its id and Checkout Session. */
async function cardRequest(origin: string, user: TestUser, amount: number) {
  const api = await apiSignedInAs(origin, user.username, user.password);
  try {
    const topup = await jsonOf<{ id: string; checkoutUrl: string }>(
      await api.post('/api/topups', {
        multipart: { methodId, amount: String(amount), reference: '' },
      }),
      'a card request',
    );
    const session = stripe.sessionOf(topup.id)!;
    return { id: topup.id, sessionId: session.id as string };
  } finally {
    await api.dispose();
  }
}

async function balanceOf(page: { request: APIRequestContext }) {
  const me = await jsonOf<{ balance: { current: number } }>(
    await page.request.get('/api/users/me'),
    'me',
  );
  return me.balance.current;
}

test.describe('card top-ups', () => {
  test('a card request is credited once though Stripe delivers its event three times', async ({
    page,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'card');
    await signInAs(page, reseller);
    await page.goto('/reseller/topup');
    await page.getByLabel('Method').selectOption({ label: methodName });
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByRole('button', { name: 'Send the request' }).click();

    // Off to Stripe's page (the stand-in's), a session carrying the request's id.
    await expect(page).toHaveURL(new RegExp(`:${STRIPE.apiPort}/pay/cs_test_\\d+$`));
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const paid = stripe.pay(sessionId);
    const topupId = (paid.metadata as { topupId: string }).topupId;

    // The same signed event, three times.
    const event = signedCheckoutEvent(paid, STRIPE.webhookSecret);
    for (let attempt = 0; attempt < 3; attempt += 1) await deliver(page.request, event);

    // Back from Stripe: the request reads credited, once.
    await page.goto(`/reseller/topup?topup=${topupId}`);
    await expect(
      page.getByText('Your card payment was received: $25.00 added to your balance.'),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: methodName })).toContainText('Approved');
    expect(await balanceOf(page)).toBe(25);
    await page.goto('/reseller/statement');
    const topups = page.locator('tbody tr').filter({ hasText: 'Top-up' });
    await expect(topups).toHaveCount(1);
    await expect(topups).toContainText('+$25.00');
  });

  test('an admin checks unconfirmed card requests with Stripe and confirms one by hand, each credited once', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    const paidUnheard = await makeUser('reseller', 'cardcheck');
    const confirmed = await makeUser('reseller', 'cardhand');
    const checked = await cardRequest(origin, paidUnheard, 12);
    const byHand = await cardRequest(origin, confirmed, 30);

    await signInAs(page, ADMIN);
    await page.goto('/admin/topup-requests?status=pending');
    const checkRow = page.getByRole('row').filter({ hasText: paidUnheard.username });
    await expect(checkRow).toContainText('Card payment not confirmed by Stripe yet');

    // Not paid yet: Stripe says so, nothing changes.
    await checkRow.getByRole('button', { name: 'Check with Stripe' }).click();
    await expect(page.getByText('Stripe reports no payment for this request yet')).toBeVisible();
    // Paid, but its callback never came: the check finds it and credits it.
    stripe.pay(checked.sessionId);
    await checkRow.getByRole('button', { name: 'Check with Stripe' }).click();
    await expect(page.getByText('Stripe reports it paid: $12.00 credited')).toBeVisible();

    // Stripe's dashboard shows the other paid: the admin confirms it by its reference.
    const handRow = page.getByRole('row').filter({ hasText: confirmed.username });
    await handRow.getByRole('button', { name: 'Confirm payment' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(byHand.id);
    await dialog.getByLabel('Stripe reference').fill(`pi_e2e_${Date.now()}`);
    await dialog.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByText('Payment confirmed and credited')).toBeVisible();

    await page.goto('/admin/topup-requests?status=approved');
    await expect(page.getByRole('row').filter({ hasText: paidUnheard.username })).toContainText(
      'Approved',
    );
    await expect(page.getByRole('row').filter({ hasText: confirmed.username })).toContainText(
      'Approved',
    );

    // Stripe's callback arriving late for both credits nothing more.
    for (const request of [checked, byHand]) {
      await deliver(
        admin,
        signedCheckoutEvent(stripe.pay(request.sessionId), STRIPE.webhookSecret),
      );
    }
    const audit = await jsonOf<{ data: { action: string; targetId: string }[] }>(
      await admin.get(`/api/audit?action=topup.payment_confirmed&targetId=${byHand.id}`),
      'the audit log',
    );
    expect(audit.data.map((row) => row.action)).toEqual(['topup.payment_confirmed']);

    for (const [user, amount] of [
      [paidUnheard, 12],
      [confirmed, 30],
    ] as const) {
      const api = await apiSignedInAs(origin, user.username, user.password);
      const me = await jsonOf<{ balance: { current: number } }>(
        await api.get('/api/users/me'),
        'me',
      );
      expect(me.balance.current).toBe(amount);
      const ledger = await jsonOf<{ data: { kind: string }[] }>(
        await api.get('/api/ledger?kind=topup'),
        'statement',
      );
      expect(ledger.data.filter((row) => row.kind === 'topup')).toHaveLength(1);
      await api.dispose();
    }
  });
});
