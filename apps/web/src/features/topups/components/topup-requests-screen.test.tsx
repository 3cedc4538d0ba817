import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { topupMessages, type Topup } from '@keymarket/contracts/topups';
import { bodyText, errorReply, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { topupPage as page, pendingTopup } from './topup-fixtures';
import { TopupRequestsScreen } from './topup-requests-screen';

const card: Topup = {
  ...pendingTopup,
  id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  method: {
    ...pendingTopup.method,
    name: 'Card',
    names: { en: 'Card', fr: 'Carte', ar: 'بطاقة' },
    kind: 'stripe',
  },
  amount: 30,
  currencyCode: 'USD',
  rateToUSD: 1,
  fee: 0,
  creditAmount: 30,
  reference: '',
  checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
};

describe('Top-up requests: a card payment Stripe never confirmed', () => {
  // Many steps through a dialog: more than the default 10 s when the machine is busy.
  it(
    'is checked with Stripe, and confirmed by its reference, the refusal in words',
    { timeout: 30_000 },
    async () => {
      const approved: Topup = { ...card, status: 'approved', providerRef: 'pi_42' };
      const confirmations: unknown[] = [];
      let confirmReply = errorReply('conflict', topupMessages.topupPaymentRefUsed);
      const fetchMock = mockApi({
        'GET /topups/incoming': okReply(page([card])),
        [`GET /topups/${card.id}`]: okReply(card),
        [`POST /topups/${card.id}/confirm-payment`]: () => confirmReply,
      });
      renderWithProviders(<TopupRequestsScreen role="admin" />);
      const row = await findByRoleShowing('row', 'reseller1');
      expect(within(row).getByText('Card payment not confirmed by Stripe yet')).toBeInTheDocument();
      // A card request is credited by its payment, not approved by hand.
      expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();

      const user = userEvent.setup();
      await user.click(within(row).getByRole('button', { name: 'Check with Stripe' }));
      expect(
        await screen.findByText('Stripe reports no payment for this request yet'),
      ).toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: 'Confirm payment' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(card.id)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      expect(await within(dialog).findByText('Reference is required')).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('Stripe reference'), 'pi_42');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      expect(
        await within(dialog).findByText('This payment reference already credited another request'),
      ).toBeInTheDocument();

      confirmReply = okReply(approved);
      await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      expect(await screen.findByText('Payment confirmed and credited')).toBeInTheDocument();
      for (const [input, init] of fetchMock.mock.calls) {
        if (urlOf(input).endsWith('/confirm-payment'))
          confirmations.push(JSON.parse(bodyText(init?.body)));
      }
      expect(confirmations).toEqual([{ providerRef: 'pi_42' }, { providerRef: 'pi_42' }]);
    },
  );
});
