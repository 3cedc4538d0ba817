import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';

const context = {
  siteName: 'Key Bazaar',
  publicUrl: 'http://localhost:3000',
  role: 'reseller' as const,
  username: 'nadia_22',
};

const rejected = {
  type: 'order.rejected' as const,
  data: {
    orderId: '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
    productName: 'Steam 20 USD',
    quantity: 2,
    totalAmount: 10,
    reason: 'Out of stock (supplier)',
  },
};

const isolated = (value: string) => `\u2068${value}\u2069`;

describe('email texts', () => {
  it('isolates every Latin value of an Arabic email, in the HTML and the plain text', () => {
    const mail = renderEmail(rejected, 'ar', context);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(isolated('Steam 20 USD'));
      expect(body).toContain(isolated('Out of stock (supplier)'));
      expect(body).toContain(isolated('nadia_22'));
      // The amount, whatever digits and sign Intl gives it, is inside one isolate.
      expect(body).toMatch(/\u2068[^\u2068\u2069]*10[^\u2068\u2069]*\u2069/);
    }
    expect(mail.subject).toContain(isolated('Key Bazaar'));
    // A plain count has nothing to reorder.
    expect(mail.text).not.toContain(isolated('2'));
  });

  it('leaves English and French emails as they are', () => {
    for (const language of ['en', 'fr'] as const) {
      const mail = renderEmail(rejected, language, context);
      expect(mail.text).toContain('Steam 20 USD');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[\u2068\u2069]/);
    }
  });
});
