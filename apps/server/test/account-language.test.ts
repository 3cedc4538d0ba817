import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '@keymarket/contracts/notifications';
import { expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { generateCode, login, register, signupPayload, SIGNUP_PASSWORD } from './helpers/signup';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';

/*
 * Emails are written in the language the user reads the app in: the one it signed up in, signed
 * in with last, or switched to in the app. Before, they were in English for anyone who had never
 * saved its email preferences, however it used the app.
 */

let smtp: SmtpReceiver;
let ctx: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: 'https://shop.example',
    OUTBOX_POLL_INTERVAL_MS: '50',
  });
  admin = await ctx.factory.signedIn('admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Asks for a reset link for `email` (an email every account gets) and returns that email. */
async function resetEmailTo(email: string): Promise<ParsedMail> {
  const before = smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)).length;
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { identifier: email },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const started = Date.now();
  for (;;) {
    const mine = smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));
    if (mine.length > before) return mine[before]!;
    if (Date.now() - started > 10_000) throw new Error(`no email to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const languageOf = (mail: ParsedMail) => /<html lang="(\w+)"/.exec(String(mail.html))?.[1];

describe('the language of the emails', () => {
  it('is the one the user signed up in', async () => {
    const { code } = await generateCode(admin);
    const payload = signupPayload(code, { language: 'fr' });
    const signedUp = await register(ctx, payload);
    expect(signedUp.statusCode, signedUp.body).toBe(201);

    const mail = await resetEmailTo(payload.email);
    expect(languageOf(mail)).toBe('fr');
    expect(mail.subject).toContain('Réinitialisez votre mot de passe');
  });

  it('follows the language of the last sign-in', async () => {
    const { code } = await generateCode(admin);
    const payload = signupPayload(code, { language: 'fr' });
    expect((await register(ctx, payload)).statusCode).toBe(201);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: payload.username, password: SIGNUP_PASSWORD, language: 'ar' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const mail = await resetEmailTo(payload.email);
    expect(languageOf(mail)).toBe('ar');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('follows a change of language in the app, and keeps the email choices', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    await user.inject({
      method: 'PUT',
      url: '/api/users/me/notification-preferences',
      payload: { email: ['balance.credited'], language: 'en' },
    });
    const changed = await user.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      payload: { language: 'fr' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ language: 'fr' });

    const preferences = await user.inject({
      method: 'GET',
      url: '/api/users/me/notification-preferences',
    });
    expect(preferences.json<NotificationPreferences>()).toMatchObject({
      email: ['balance.credited'],
      language: 'fr',
    });
    expect(languageOf(await resetEmailTo(user.user.email))).toBe('fr');
  });

  it('stays as it was when a sign-in does not say, and English by default', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    expect(languageOf(await resetEmailTo(user.user.email))).toBe('en');
    await user.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      payload: { language: 'ar' },
    });
    expect((await login(ctx, user.user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect(languageOf(await resetEmailTo(user.user.email))).toBe('ar');
  });

  it('refuses a language the app does not speak, by name', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    for (const language of ['de', 'FR', '', 1, null]) {
      expectValidation(
        await user.inject({ method: 'PUT', url: '/api/users/me/language', payload: { language } }),
        'body.language',
      );
    }
    expectValidation(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: user.user.username, password: TEST_PASSWORD, language: 'de' },
      }),
      'body.language',
    );
    const { code } = await generateCode(admin);
    expectValidation(
      await register(ctx, signupPayload(code, { language: 'xx' as 'fr' })),
      'body.language',
    );
  });
});
