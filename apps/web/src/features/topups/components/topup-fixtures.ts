import type { Topup } from '@keymarket/contracts/topups';

/* Requests as the API answers them, for the top-up screens' tests. */

/** A manual request waiting for its funder, as the API answers it. */
export const pendingTopup: Topup = {
  id: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  status: 'pending',
  method: {
    id: '6b0c2f4e-1a3d-4c5b-8e7f-9a0b1c2d3e4f',
    name: 'Bank transfer (EUR)',
    names: { en: 'Bank transfer (EUR)', fr: '', ar: '' },
    kind: 'manual',
  },
  requester: { id: '7e6d5c4b-3a29-4180-8f7e-6d5c4b3a2918', username: 'reseller1' },
  amount: 100,
  currencyCode: 'EUR',
  rateToUSD: 0.92,
  fee: 2.8,
  creditAmount: 105.65,
  reference: 'WIRE 42',
  proofUrl: null,
  checkoutUrl: null,
  providerRef: null,
  amountMismatch: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-23T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  note: null,
};

/** One page of requests, as the lists answer it. */
export const topupPage = (data: Topup[]) => ({
  data,
  pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 },
});
