import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { INVITE_CODE_ALPHABET, type Invitation } from '@keymarket/contracts/invitations';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import {
  expireCode,
  generateCode,
  register,
  setSystemSettings,
  signupPayload,
} from './helpers/signup';
import { useSignedIn, useTestApp } from './helpers/use-app';

const DAY_MS = 86_400_000;

interface InvitationPage {
  data: Invitation[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const generate = (as: SignedInUser, payload: unknown) =>
  as.inject({ method: 'POST', url: '/api/invitations/generate', payload: payload as object });

const list = async (as: SignedInUser, query = '') => {
  const res = await as.inject({ method: 'GET', url: `/api/invitations/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvitationPage>();
};

describe('POST /api/invitations/generate: who may grant what', () => {
  it.each([
    ['admin', 'manager'],
    ['admin', 'reseller'],
    ['manager', 'reseller'],
    ['reseller', 'reseller'],
  ] as const)('lets a %s grant %s', async (callerRole, role) => {
    const caller = { admin, manager, reseller }[callerRole];
    const res = await generate(caller, { expiryDays: 3, role });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Invitation>()).toMatchObject({
      role,
      status: 'unused',
      usedAt: null,
      usedBy: null,
    });
  });

  it.each(['manager', 'reseller'] as const)(
    'refuses a %s granting manager with 403 forbidden',
    async (callerRole) => {
      const caller = { manager, reseller }[callerRole];
      expectError(await generate(caller, { expiryDays: 3, role: 'manager' }), 403, 'forbidden');
    },
  );

  it('grants reseller when no role is given', async () => {
    const res = await generate(admin, { expiryDays: 3 });
    expect(res.json<Invitation>().role).toBe('reseller');
  });

  it('never grants admin', async () => {
    expectValidation(await generate(admin, { expiryDays: 3, role: 'admin' }), 'body.role');
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations/generate',
      payload: { expiryDays: 3 },
    });
    expectError(res, 401, 'unauthorized');
  });
});

describe('POST /api/invitations/generate: the code', () => {
  it('is 8 characters from the unambiguous alphabet, and unique', async () => {
    const issuer = await ctx.factory.signedIn('reseller', manager.user);
    const codes: string[] = [];
    for (let i = 0; i < 25; i += 1) codes.push((await generateCode(issuer)).code);
    const allowed = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`);
    for (const code of codes) {
      expect(code).toMatch(allowed);
      expect(code).not.toMatch(/[0O1I]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([1, 4, 7])('expires %i day(s) from now', async (expiryDays) => {
    const before = Date.now();
    const invitation = await generateCode(admin, { expiryDays });
    const expected = before + expiryDays * DAY_MS;
    expect(Math.abs(Date.parse(invitation.expiresAt) - expected)).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(invitation.createdAt) - before)).toBeLessThan(60_000);
  });

  it.each([
    [0, messages.expiryDaysMin],
    [-2, messages.expiryDaysMin],
    [8, messages.expiryDaysMax],
  ])('refuses expiryDays %s with the specification text', async (expiryDays, text) => {
    const body = expectValidation(await generate(admin, { expiryDays }), 'body.expiryDays', text);
    expect(body.message.text).toBe(text);
  });

  it.each([[2.5], ['3'], [null], [undefined]])('refuses expiryDays %j', async (expiryDays) => {
    expectValidation(await generate(admin, { expiryDays }), 'body.expiryDays');
  });
});

describe('GET /api/invitations/', () => {
  it('lists only the caller’s own codes, newest first, with default paging', async () => {
    const owner = await ctx.factory.signedIn('reseller', manager.user);
    const stranger = await ctx.factory.signedIn('reseller', manager.user);
    const mine: string[] = [];
    for (let i = 0; i < 3; i += 1) mine.push((await generateCode(owner)).code);
    await generateCode(stranger);

    const page = await list(owner);
    expect(page.data.map((i) => i.code)).toEqual([...mine].reverse());
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
  });

  it('answers the same without the trailing slash', async () => {
    const withSlash = await list(admin);
    const res = await admin.inject({ method: 'GET', url: '/api/invitations' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(withSlash);
  });

  it('pages with page and limit', async () => {
    const owner = await ctx.factory.signedIn('reseller', manager.user);
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) codes.push((await generateCode(owner)).code);
    const newestFirst = [...codes].reverse();

    const first = await list(owner);
    expect(first.data.map((i) => i.code)).toEqual(newestFirst.slice(0, 10));
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });

    const third = await list(owner, '?page=3&limit=5');
    expect(third.data.map((i) => i.code)).toEqual(newestFirst.slice(10));
    expect(third.pagination).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3 });

    const beyond = await list(owner, '?page=9&limit=5');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(12);
  });

  it.each(['limit=101', 'limit=0', 'page=0', 'page=abc'])('refuses ?%s with 400', async (q) => {
    const res = await admin.inject({ method: 'GET', url: `/api/invitations/?${q}` });
    expectValidation(res, `querystring.${q.split('=')[0]!}`);
  });

  it('answers 401 to an anonymous caller', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/invitations/' }),
      401,
      'unauthorized',
    );
  });
});

describe('invitation statuses', () => {
  it('shows unused, used, expired and pending codes as such', async () => {
    const owner = await ctx.factory.signedIn('manager', admin.user);
    const unused = await generateCode(owner);
    const expired = await generateCode(owner, { expiryDays: 1 });
    await expireCode(ctx, expired.code);

    const used = await generateCode(owner);
    const usedPayload = signupPayload(used.code);
    expect((await register(ctx, usedPayload)).statusCode).toBe(201);

    const pending = await generateCode(owner);
    const pendingPayload = signupPayload(pending.code);
    await setSystemSettings(ctx, { signupApproval: true });
    try {
      expect((await register(ctx, pendingPayload)).statusCode).toBe(201);
    } finally {
      await setSystemSettings(ctx, {});
    }

    const byCode = new Map((await list(owner)).data.map((i) => [i.code, i]));
    expect(byCode.get(unused.code)).toMatchObject({ status: 'unused', usedBy: null });
    expect(byCode.get(expired.code)).toMatchObject({ status: 'expired', usedBy: null });
    expect(byCode.get(used.code)).toMatchObject({
      status: 'used',
      usedBy: { username: usedPayload.username },
    });
    expect(byCode.get(used.code)?.usedAt).not.toBeNull();
    expect(byCode.get(pending.code)).toMatchObject({
      status: 'pending',
      usedBy: { username: pendingPayload.username },
    });
  });
});
