import { describe, expect, it } from 'vitest';
import { normalisePhone, registerRequestSchema } from './auth';
import { API_KEYS_ACTIVE_MAX, WEBHOOKS_MAX } from './integration';
import { messageKeyOf, messages } from './messages';
import {
  formatAmount,
  fromCents,
  nonNegativeUsdAmount,
  positiveUsdAmount,
  toCents,
  usdAmount,
} from './money';

const validAccount = {
  username: 'jane.doe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'Jane@Example.com ',
  phone: '+33 6 12 34 56 78',
  password: 'Str0ng-pass',
  confirmPassword: 'Str0ng-pass',
  inviteCode: 'k7m2qx9p',
};

/** The first message for each field, as a form shows it. */
function issuesOf(input: unknown): Record<string, string> {
  const result = registerRequestSchema.safeParse(input);
  const firstByField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? [])
    firstByField[issue.path.join('.')] ??= issue.message;
  return firstByField;
}

describe('registerRequestSchema', () => {
  it('normalises a valid account', () => {
    const parsed = registerRequestSchema.parse(validAccount);

    expect(parsed.email).toBe('jane@example.com');
    expect(parsed.phone).toBe('+33612345678');
    expect(parsed.inviteCode).toBe('K7M2QX9P');
  });

  it.each([
    ['username', 'ab', messages.usernameMin],
    ['username', 'jane doe', messages.usernameFormat],
    ['firstName', '  ', messages.firstNameRequired],
    ['email', 'not-an-email', messages.emailInvalid],
    ['phone', '0612345678', messages.phoneInvalid],
    ['password', 'short1!', messages.passwordMin],
    ['password', 'lowercase1!', messages.passwordUppercase],
    ['password', 'NoDigits!!', messages.passwordNumber],
    ['password', 'NoSpecial12', messages.passwordSpecial],
    ['inviteCode', 'ABC', messages.inviteCodeLength],
  ])('answers the specification text for a bad %s (%j)', (field, value, text) => {
    const input = { ...validAccount, [field]: value };
    if (field === 'password') input.confirmPassword = value;

    expect(issuesOf(input)[field]).toBe(text);
  });

  it('puts a password mismatch on the confirmation field', () => {
    expect(issuesOf({ ...validAccount, confirmPassword: 'Other-pass1' })).toEqual({
      confirmPassword: messages.passwordsMismatch,
    });
  });
});

describe('normalisePhone', () => {
  it('turns a 00 prefix into + and drops separators', () => {
    expect(normalisePhone(' 0044 (20) 7946-0958 ')).toBe('+442079460958');
  });
});

describe('messages', () => {
  it('finds the key of every catalogue text, and nothing for other texts', () => {
    for (const [key, text] of Object.entries(messages)) expect(messageKeyOf(text)).toBe(key);
    expect(messageKeyOf('Some other text')).toBeUndefined();
  });

  it('has no two keys with the same text', () => {
    const texts = Object.values(messages);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('money', () => {
  it('accepts at most two decimals and refuses non-positive amounts where asked', () => {
    expect(usdAmount.safeParse(12.34).success).toBe(true);
    expect(usdAmount.safeParse(12.345).success).toBe(false);
    expect(usdAmount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(positiveUsdAmount.safeParse(0).success).toBe(false);
    expect(positiveUsdAmount.safeParse(0.01).success).toBe(true);
  });

  it.each([1e-9, 0.001, 5e-18, -1e-9, 12.000000001])(
    'refuses %s, which does not round to a whole cent (1e-9 once reached the ledger as 0)',
    (amount) => {
      for (const schema of [usdAmount, positiveUsdAmount, nonNegativeUsdAmount]) {
        expect(schema.safeParse(amount).error?.issues).toContainEqual(
          expect.objectContaining({ message: messages.amountDecimals }),
        );
      }
    },
  );

  it('accepts every whole cent up to the maximum, float noise included', () => {
    for (const amount of [0.29, 0.1 + 0.2, 19.99, 9_999_999.99, 10_000_000]) {
      expect(usdAmount.safeParse(amount).success, String(amount)).toBe(true);
    }
    expect(nonNegativeUsdAmount.parse(0)).toBe(0);
  });

  it('converts to cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(toCents(19.99)).toBe(1999n);
    expect(fromCents(1999n)).toBe(19.99);
  });

  it('formats with the currency rate and exactly two decimals', () => {
    expect(formatAmount(10)).toBe('$10.00');
    expect(formatAmount(10.5)).toBe('$10.50');
    expect(formatAmount(2.3)).toBe('$2.30');
    expect(formatAmount(10, 0.92, '€')).toBe('€9.20');
    expect(formatAmount(1 / 3, 1, '$')).toBe('$0.33');
    expect(formatAmount(123456.789)).toBe('$123456.79');
    expect(formatAmount(-4.5)).toBe('-$4.50');
  });
});

describe('API keys', () => {
  it('names the active-key limit in its refusal text', () => {
    expect(messages.apiKeysLimit).toContain(`${API_KEYS_ACTIVE_MAX} active API keys`);
  });

  it('names the webhook limit in its refusal text', () => {
    expect(messages.webhooksLimit).toContain(`${WEBHOOKS_MAX} webhooks`);
  });
});
