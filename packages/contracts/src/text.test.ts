import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './auth';
import { productPatchSchema } from './catalogue';
import { messages } from './messages';
import { keyLines } from './orders';
import { createTicketSchema } from './tickets';
import { createAlertSchema } from './settings';

const RLO = '\u202E';
const ZWSP = '\u200B';

describe('keyLines', () => {
  it('drops invisible and direction characters, so look-alike keys are one key', () => {
    const lines = keyLines(
      `AAAA-1111\nAA${ZWSP}AA-1111\n\uFEFFAAAA-1111\u200E\n${RLO}AAAA-1111\u2066\n\u0007AAAA-1111`,
    );
    expect(new Set(lines)).toEqual(new Set(['AAAA-1111']));
    expect(lines).toHaveLength(5);
  });

  it('treats a line of invisible characters as blank, and keeps a tab inside a key', () => {
    expect(keyLines(`${ZWSP}\u2060\nuser@example.com\tpass-1\n`)).toEqual([
      'user@example.com\tpass-1',
    ]);
  });
});

describe('names', () => {
  const account = {
    username: 'jane.doe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    phone: '+33612345678',
    password: 'Str0ng-pass',
    confirmPassword: 'Str0ng-pass',
    inviteCode: 'K7M2QX9P',
  };

  it.each([
    ['a right-to-left override', `Jane${RLO}eoD`],
    ['a zero-width space', `Ja${ZWSP}ne`],
    ['a bidi isolate', '\u2067Jane\u2069'],
    ['a control character', 'Ja\u0000ne'],
    ['a newline', 'Jane\nDoe'],
  ])('refuses a person name with %s', (_, firstName) => {
    const result = registerRequestSchema.safeParse({ ...account, firstName });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['firstName'], message: messages.invisibleCharacters }),
    ]);
  });

  it('refuses a product name with a zero-width joiner and accepts Arabic letters', () => {
    expect(productPatchSchema.safeParse({ name: `Steam\u200D 20` }).success).toBe(false);
    expect(productPatchSchema.parse({ name: 'بطاقة ستيم 20' })).toEqual({ name: 'بطاقة ستيم 20' });
  });
});

describe('free texts', () => {
  it('removes invisible characters from a ticket, keeping its line breaks and tabs', () => {
    const ticket = createTicketSchema.parse({
      subject: `${RLO}Order${ZWSP} late`,
      message: `Line one\n\tLine two\u2066${ZWSP}\r\n`,
    });
    expect(ticket).toEqual({ subject: 'Order late', message: 'Line one\n\tLine two' });
  });

  it('refuses a control character other than newline and tab (NUL cannot even be stored)', () => {
    const result = createTicketSchema.safeParse({
      subject: 'Hello\u0000World',
      message: 'Bell\u0007 in the message',
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['subject'], messages.invisibleCharacters],
      [['message'], messages.invisibleCharacters],
    ]);
  });

  it('counts the length rules after cleaning: invisible padding does not make a subject', () => {
    const result = createTicketSchema.safeParse({
      subject: `ab${ZWSP.repeat(10)}`,
      message: 'Long enough message',
    });
    expect(result.error?.issues[0]?.message).toBe(messages.ticketSubjectMin);
  });

  it('cleans alert messages', () => {
    const alert = createAlertSchema.parse({
      messageEn: `Maintenance ${RLO}tonight`,
      messageFr: 'Maintenance ce soir',
      messageAr: '\u200Fصيانة الليلة',
      severity: 'info',
    });
    expect([alert.messageEn, alert.messageAr]).toEqual(['Maintenance tonight', 'صيانة الليلة']);
  });
});
