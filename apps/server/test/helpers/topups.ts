import { expect } from 'vitest';
import type { Topup, TopupMethod, TopupMethodInput } from '@keymarket/contracts/topups';
import type { SignedInUser } from './factory';
import { form, type FilePart } from './multipart';

/** A manual method in USD, 0–1000, no fee, no proof needed; `overrides` change any field. */
export function methodInput(overrides: Partial<TopupMethodInput> = {}): TopupMethodInput {
  return {
    nameEn: 'Bank transfer',
    nameFr: 'Virement bancaire',
    nameAr: 'تحويل بنكي',
    instructionsEn: 'IBAN FR76 0000 0000 0000',
    instructionsFr: 'IBAN FR76 0000 0000 0000',
    instructionsAr: 'IBAN FR76 0000 0000 0000',
    kind: 'manual',
    currencyCode: 'USD',
    minAmount: 1,
    maxAmount: 1000,
    feePercent: 0,
    feeFixed: 0,
    proofRequired: false,
    enabled: true,
    ...overrides,
  };
}

export async function createdMethod(
  funder: SignedInUser,
  overrides: Partial<TopupMethodInput> = {},
): Promise<TopupMethod> {
  const response = await funder.inject({
    method: 'POST',
    url: '/api/topup-methods',
    payload: methodInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TopupMethod>();
}

export function requestTopup(
  requester: SignedInUser,
  fields: Record<string, string | number | undefined>,
  proof?: FilePart,
) {
  return requester.inject({
    method: 'POST',
    url: '/api/topups',
    payload: form(fields, proof ? { proof } : {}),
  });
}

export async function requestedTopup(
  requester: SignedInUser,
  methodId: string,
  amount: number,
  reference = 'REF-1',
): Promise<Topup> {
  const response = await requestTopup(requester, { methodId, amount, reference });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Topup>();
}

export function decide(
  funder: SignedInUser,
  id: string,
  action: 'approve' | 'reject' | 'cancel',
  payload?: object,
) {
  return funder.inject({
    method: 'POST',
    url: `/api/topups/${id}/${action}`,
    ...(payload ? { payload } : {}),
  });
}
