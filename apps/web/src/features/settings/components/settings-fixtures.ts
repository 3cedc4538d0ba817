import type { Alert, BannedCountry, Currency, Faq } from '@keymarket/contracts/settings';
import { bodyText, urlOf, type mockApi } from '@/testing/mock-api';

/** Test data for the settings screens, shaped as the API answers. */

let sequence = 0;
/** A valid UUID that differs at each call. */
export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${sequence.toString().padStart(12, '0')}`;
}

export function aCurrency(overrides: Partial<Currency> = {}): Currency {
  return { id: nextId(), code: 'USD', symbol: '$', rateToUSD: 1, ...overrides };
}

export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: nextId(),
    messageEn: 'Scheduled maintenance tonight',
    messageFr: 'Maintenance prévue ce soir',
    messageAr: 'صيانة مجدولة الليلة',
    severity: 'warning',
    active: true,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aFaq(overrides: Partial<Faq> = {}): Faq {
  return {
    id: nextId(),
    questionEn: 'How do I buy?',
    questionFr: 'Comment acheter ?',
    questionAr: 'كيف أشتري؟',
    answerEn: 'Choose a product and confirm.',
    answerFr: 'Choisissez un produit et confirmez.',
    answerAr: 'اختر منتجًا وأكّد.',
    position: 0,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aBannedCountry(overrides: Partial<BannedCountry> = {}): BannedCountry {
  return { id: nextId(), countryCode: 'KP', createdAt: '2025-03-01T09:00:00.000Z', ...overrides };
}

/** The JSON bodies sent to `METHOD /path` (without /api), in order. */
export function bodiesSentTo(fetchMock: ReturnType<typeof mockApi>, route: string): unknown[] {
  const [method, path] = route.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(urlOf(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === `/api${path}`;
    })
    .map(([, init]) => JSON.parse(bodyText(init?.body)) as unknown);
}
