import { beforeAll, describe, expect, it } from 'vitest';
import {
  platformInvitationSchema,
  type Invitation,
  type PlatformInvitation,
} from '@keymarket/contracts/invitations';
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

// GET /invitations/all: every code of the platform, for administrators.

interface Page {
  data: PlatformInvitation[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const all = (as: SignedInUser, query = '') =>
  as.inject({ method: 'GET', url: `/api/invitations/all${query}` });

async function pageOf(query = ''): Promise<Page> {
  const response = await all(admin, query);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Page>();
  for (const row of body.data) platformInvitationSchema.strict().parse(row);
  return body;
}

const codesOf = async (query = '') => (await pageOf(`?limit=100${query}`)).data.map((i) => i.code);

let unused: Invitation;
let expired: Invitation;
let used: Invitation;
let pending: Invitation;
let newUsername: string;
let waitingUsername: string;

beforeAll(async () => {
  unused = await generateCode(manager);
  expired = await generateCode(reseller);
  await expireCode(ctx, expired.code);
  used = await generateCode(reseller);
  const payload = signupPayload(used.code);
  newUsername = payload.username;
  expect((await register(ctx, payload)).statusCode).toBe(201);
  pending = await generateCode(admin, { expiryDays: 2, role: 'manager' });
  await setSystemSettings(ctx, { signupApproval: true });
  const waiting = signupPayload(pending.code);
  waitingUsername = waiting.username;
  expect((await register(ctx, waiting)).statusCode).toBe(201);
  await setSystemSettings(ctx, { signupApproval: false });
});

describe('GET /api/invitations/all', () => {
  it('answers 401 to an anonymous caller and 403 to a manager or a reseller', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/invitations/all' }),
      401,
      'unauthorized',
    );
    expectError(await all(manager), 403, 'forbidden');
    expectError(await all(reseller), 403, 'forbidden');
    expectError(await all(reseller, '?format=csv'), 403, 'forbidden');
  });

  it('lists every code of the platform, newest first, with its creator and the account it created', async () => {
    const { data, pagination } = await pageOf('?limit=100');
    expect(pagination.total).toBe(4);
    expect(data.map((i) => i.code)).toEqual([pending.code, used.code, expired.code, unused.code]);
    const byCode = new Map(data.map((i) => [i.code, i]));
    expect(byCode.get(unused.code)).toMatchObject({
      status: 'unused',
      role: 'reseller',
      createdBy: { id: manager.user.id, username: manager.user.username },
      usedBy: null,
    });
    expect(byCode.get(expired.code)).toMatchObject({
      status: 'expired',
      createdBy: { username: reseller.user.username },
    });
    expect(byCode.get(used.code)).toMatchObject({
      status: 'used',
      usedBy: { username: newUsername },
    });
    expect(byCode.get(pending.code)).toMatchObject({
      status: 'pending',
      role: 'manager',
      createdBy: { username: admin.user.username },
      usedBy: { username: waitingUsername },
    });
  });

  it('filters by status, role and a search over the code and both usernames', async () => {
    expect(await codesOf('&status=unused')).toEqual([unused.code]);
    expect(await codesOf('&status=expired')).toEqual([expired.code]);
    expect(await codesOf('&status=used')).toEqual([used.code]);
    expect(await codesOf('&status=pending')).toEqual([pending.code]);
    expect(await codesOf('&role=manager')).toEqual([pending.code]);
    expect(await codesOf(`&search=${reseller.user.username}`)).toEqual([used.code, expired.code]);
    expect(await codesOf(`&search=${newUsername.toUpperCase()}`)).toEqual([used.code]);
    expect(await codesOf(`&search=${unused.code.slice(2, 6).toLowerCase()}`)).toContain(
      unused.code,
    );
    expect(await codesOf('&status=used&role=manager')).toEqual([]);
    // LIKE's wildcards are matched as themselves.
    expect(await codesOf('&search=%25')).toEqual([]);
    expect((await pageOf('?status=unused')).pagination.total).toBe(1);
  });

  it('pages', async () => {
    const first = await pageOf('?limit=1&page=2');
    expect(first.data.map((i) => i.code)).toEqual([used.code]);
    expect(first.pagination).toMatchObject({ page: 2, limit: 1, total: 4, totalPages: 4 });
  });

  it('refuses an unknown status or role with 400 naming the field', async () => {
    expectValidation(await all(admin, '?status=lost'), 'querystring.status');
    expectValidation(await all(admin, '?role=admin'), 'querystring.role');
  });

  it('exports the filtered codes as CSV', async () => {
    const response = await all(admin, '?format=csv&status=used');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="invitations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Code,Role,Status,Created by,Created (UTC),Expires (UTC),Used (UTC),Account created',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      new RegExp(`^${used.code},reseller,used,${reseller.user.username},.*,${newUsername}$`),
    );
  });
});
