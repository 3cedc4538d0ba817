import { describe, expect, it } from 'vitest';
import {
  alertListSchema,
  alertSchema,
  faqListSchema,
  faqSchema,
  type Alert,
  type Faq,
} from '@keymarket/contracts/settings';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { auditRowsFor } from './helpers/users';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const alertPayload = (text: string, extra: object = {}) => ({
  messageEn: `${text} (en)`,
  messageFr: `${text} (fr)`,
  messageAr: `${text} (ar)`,
  severity: 'warning',
  ...extra,
});

async function createAlert(payload: object): Promise<Alert> {
  const response = await admin.inject({ method: 'POST', url: '/api/alerts', payload });
  expect(response.statusCode, response.body).toBe(201);
  return alertSchema.strict().parse(response.json());
}

async function alertsSeenBy(as: SignedInUser): Promise<string[]> {
  const response = await as.inject({ method: 'GET', url: '/api/alerts' });
  expect(response.statusCode, response.body).toBe(200);
  return alertListSchema
    .strict()
    .parse(response.json())
    .alerts.map((a) => a.id);
}

describe('alerts', () => {
  it('shows admins every alert and everyone else only the active ones', async () => {
    const active = await createAlert(alertPayload('Deliveries are slow'));
    const inactive = await createAlert(alertPayload('Draft', { active: false, severity: 'info' }));
    expect(active).toMatchObject({ active: true, severity: 'warning' });
    expect(inactive.active).toBe(false);

    expect(await alertsSeenBy(admin)).toEqual(expect.arrayContaining([active.id, inactive.id]));
    for (const user of [manager, reseller]) {
      const seen = await alertsSeenBy(user);
      expect(seen).toContain(active.id);
      expect(seen).not.toContain(inactive.id);
    }
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/alerts' }), 401, 'unauthorized');
  });

  it('toggles an alert on and off, audited', async () => {
    const alert = await createAlert(alertPayload('Toggle me', { severity: 'critical' }));
    const toggle = () => admin.inject({ method: 'PATCH', url: `/api/alerts/${alert.id}/toggle` });
    const off = await toggle();
    expect(off.statusCode, off.body).toBe(200);
    expect(alertSchema.parse(off.json()).active).toBe(false);
    expect(await alertsSeenBy(reseller)).not.toContain(alert.id);
    expect(alertSchema.parse((await toggle()).json()).active).toBe(true);
    expect(await alertsSeenBy(reseller)).toContain(alert.id);
    const actions = (await auditRowsFor(admin, alert.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'alert.toggle')).toHaveLength(2);
  });

  it('deletes an alert (then 404)', async () => {
    const alert = await createAlert(alertPayload('Delete me'));
    const remove = () => admin.inject({ method: 'DELETE', url: `/api/alerts/${alert.id}` });
    expect((await remove()).json()).toEqual({ ok: true });
    expect(await alertsSeenBy(admin)).not.toContain(alert.id);
    expectError(await remove(), 404, 'not_found');
    expect((await auditRowsFor(admin, alert.id)).map((r) => r.action)).toContain('alert.delete');
  });

  it('lets only admins create, toggle and delete', async () => {
    const alert = await createAlert(alertPayload('Guarded'));
    for (const user of [manager, reseller]) {
      for (const request of [
        { method: 'POST' as const, url: '/api/alerts', payload: alertPayload('x') },
        { method: 'PATCH' as const, url: `/api/alerts/${alert.id}/toggle` },
        { method: 'DELETE' as const, url: `/api/alerts/${alert.id}` },
      ]) {
        expectError(await user.inject(request), 403, 'forbidden');
        expectError(await ctx.app.inject(request), 401, 'unauthorized');
      }
    }
    expect(await alertsSeenBy(reseller)).toContain(alert.id);
  });

  it.each([
    ['an unknown severity', alertPayload('x', { severity: 'danger' }), 'body.severity'],
    ['a blank French message', alertPayload('x', { messageFr: '   ' }), 'body.messageFr'],
    ['a missing Arabic message', { ...alertPayload('x'), messageAr: undefined }, 'body.messageAr'],
    ['an over-long message', alertPayload('x', { messageEn: 'a'.repeat(501) }), 'body.messageEn'],
  ])('refuses %s (400)', async (_, payload, path) => {
    expectValidation(await admin.inject({ method: 'POST', url: '/api/alerts', payload }), path);
  });
});

const faqPayload = (n: string, position?: number) => ({
  questionEn: `Question ${n}?`,
  questionFr: `Question ${n} ?`,
  questionAr: `سؤال ${n}؟`,
  answerEn: `Answer ${n}.`,
  answerFr: `Réponse ${n}.`,
  answerAr: `جواب ${n}.`,
  ...(position === undefined ? {} : { position }),
});

async function createFaq(payload: object): Promise<Faq> {
  const response = await admin.inject({ method: 'POST', url: '/api/faqs', payload });
  expect(response.statusCode, response.body).toBe(201);
  return faqSchema.strict().parse(response.json());
}

async function publicFaqs(): Promise<Faq[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/faqs' });
  expect(response.statusCode, response.body).toBe(200);
  return faqListSchema.strict().parse(response.json()).faqs;
}

describe('FAQs', () => {
  it('lists FAQs publicly by position, ties in creation order, unpositioned ones last', async () => {
    const third = await createFaq(faqPayload('C', 20));
    const first = await createFaq(faqPayload('A', 5));
    const secondA = await createFaq(faqPayload('B1', 10));
    const secondB = await createFaq(faqPayload('B2', 10));
    const last = await createFaq(faqPayload('D'));
    expect(last.position).toBe(21);
    expect((await publicFaqs()).map((f) => f.id)).toEqual([
      first.id,
      secondA.id,
      secondB.id,
      third.id,
      last.id,
    ]);
  });

  it('edits a FAQ (PUT), moving it when a position is given and keeping it otherwise', async () => {
    const faq = await createFaq(faqPayload('Edit', 7));
    const put = (payload: object) =>
      admin.inject({ method: 'PUT', url: `/api/faqs/${faq.id}`, payload });
    const kept = await put({ ...faqPayload('Edited'), answerEn: 'New answer.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(faqSchema.parse(kept.json())).toMatchObject({
      questionEn: 'Question Edited?',
      answerEn: 'New answer.',
      position: 7,
    });
    const moved = await put(faqPayload('Edited', 0));
    expect(faqSchema.parse(moved.json()).position).toBe(0);
    expect((await publicFaqs())[0]!.id).toBe(faq.id);
    expect((await auditRowsFor(admin, faq.id)).map((r) => r.action)).toContain('faq.update');
    const unknown = await admin.inject({
      method: 'PUT',
      url: '/api/faqs/00000000-0000-4000-8000-000000000000',
      payload: faqPayload('x'),
    });
    expectError(unknown, 404, 'not_found');
  });

  it('deletes a FAQ', async () => {
    const faq = await createFaq(faqPayload('Gone'));
    const response = await admin.inject({ method: 'DELETE', url: `/api/faqs/${faq.id}` });
    expect(response.json()).toEqual({ ok: true });
    expect((await publicFaqs()).some((f) => f.id === faq.id)).toBe(false);
  });

  it('lets only admins write FAQs', async () => {
    const faq = await createFaq(faqPayload('Guarded'));
    for (const request of [
      { method: 'POST' as const, url: '/api/faqs', payload: faqPayload('x') },
      { method: 'PUT' as const, url: `/api/faqs/${faq.id}`, payload: faqPayload('x') },
      { method: 'DELETE' as const, url: `/api/faqs/${faq.id}` },
    ]) {
      expectError(await manager.inject(request), 403, 'forbidden');
      expectError(await reseller.inject(request), 403, 'forbidden');
      expectError(await ctx.app.inject(request), 401, 'unauthorized');
    }
  });

  it.each([
    ['a negative position', faqPayload('x', -1), 'body.position'],
    ['a fractional position', faqPayload('x', 1.5), 'body.position'],
    ['a blank Arabic answer', { ...faqPayload('x'), answerAr: ' ' }, 'body.answerAr'],
    ['a missing French question', { ...faqPayload('x'), questionFr: undefined }, 'body.questionFr'],
  ])('refuses %s (400)', async (_, payload, path) => {
    expectValidation(await admin.inject({ method: 'POST', url: '/api/faqs', payload }), path);
  });
});
