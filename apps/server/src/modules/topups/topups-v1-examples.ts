import type { Topup, TopupMethodList, V1CreateTopupInput } from '@keymarket/contracts/topups';

/** What the interactive reference (/api/docs) shows for the v1 top-up calls: typed, so they stay true. */

const methodId = '8e3f1a27-5c4b-4d6e-9a0b-7c2d1e4f5a36';

export const topupMethodListExample: TopupMethodList = {
  data: [
    {
      id: methodId,
      nameEn: 'Bank transfer (EUR)',
      nameFr: 'Virement bancaire (EUR)',
      nameAr: 'تحويل بنكي (يورو)',
      instructionsEn: 'IBAN FR76 3000 6000 0112 3456 7890 189, reference: your username',
      instructionsFr: 'IBAN FR76 3000 6000 0112 3456 7890 189, référence : votre identifiant',
      instructionsAr: 'IBAN FR76 3000 6000 0112 3456 7890 189، المرجع: اسم المستخدم',
      kind: 'manual',
      currencyCode: 'EUR',
      minAmount: 10,
      maxAmount: 5000,
      feePercent: 1.5,
      feeFixed: 0,
      proofRequired: false,
      enabled: true,
      rateToUSD: 0.92,
      createdAt: '2026-10-01T08:00:00.000Z',
    },
  ],
};

export const createTopupExample: V1CreateTopupInput = {
  methodId,
  amount: 200,
  reference: 'SEPA 2026-10-14 #88412',
};

export const topupExample: Topup = {
  id: '2c7d9e41-6a3b-4f8c-b1d0-5e9a7f3c2b18',
  status: 'pending',
  method: {
    id: methodId,
    name: 'Bank transfer (EUR)',
    names: { en: 'Bank transfer (EUR)', fr: 'Virement bancaire (EUR)', ar: 'تحويل بنكي (يورو)' },
    kind: 'manual',
  },
  requester: { id: '9b1e6d3a-2f4c-4a7e-8d5b-0c3f2e1a6b97', username: 'shop_bot' },
  amount: 200,
  currencyCode: 'EUR',
  rateToUSD: 0.92,
  fee: 3,
  creditAmount: 214.13,
  reference: 'SEPA 2026-10-14 #88412',
  proofUrl: null,
  checkoutUrl: null,
  providerRef: null,
  amountMismatch: false,
  createdAt: '2026-10-14T10:02:00.000Z',
  expiresAt: '2026-10-17T10:02:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  note: null,
};
