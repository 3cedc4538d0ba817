import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '@keymarket/contracts/errors';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError, expectNoLeak, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectNoUserData, userRow, userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

// Every users route that takes an id, called by those who must not reach the id: anonymous
// callers, managers and resellers on other trees, unknown and malformed ids. Never the data,
// never a 500.

const ctx = useTestApp();
let admin: SignedInUser;
let otherAdmin: UserRow;
let managerA: SignedInUser;
let resellerA1: SignedInUser;
let resellerA2: UserRow;
let managerB: SignedInUser;
let resellerB1: UserRow;

beforeAll(async () => {
  ({ admin, otherAdmin, managerA, resellerA1, resellerA2, managerB, resellerB1 } =
    await userTrees(ctx));
});

const anonymous = (options: InjectOptions) => ctx.app.inject(options);

describe('every route that takes a user id, from callers who must not reach it', () => {
  const routes: [string, (id: string) => InjectOptions][] = [
    ['GET /users/{id}', (id) => ({ method: 'GET', url: `/api/users/${id}` })],
    [
      'PATCH /users/{id}',
      (id) => ({ method: 'PATCH', url: `/api/users/${id}`, payload: { firstName: 'Hacked' } }),
    ],
    ['PUT /users/suspend/{id}', (id) => ({ method: 'PUT', url: `/api/users/suspend/${id}` })],
    ['PUT /users/activate/{id}', (id) => ({ method: 'PUT', url: `/api/users/activate/${id}` })],
    [
      'POST /users/ban-user/{id}',
      (id) => ({ method: 'POST', url: `/api/users/ban-user/${id}`, payload: { reason: 'Hacked' } }),
    ],
    ['PUT /users/upgrade/{id}', (id) => ({ method: 'PUT', url: `/api/users/upgrade/${id}` })],
    [
      'PUT /users/update-password/{id}',
      (id) => ({
        method: 'PUT',
        url: `/api/users/update-password/${id}`,
        payload: { newPassword: 'Hacked-Pass-1' },
      }),
    ],
  ];
  const MALFORMED = [
    'not-a-uuid',
    `1' or '1'='1`,
    '..%2F..%2Fadmin',
    `${randomUUID()}x`,
    'x'.repeat(100),
  ].map(encodeURIComponent);
  /** Ids the router itself refuses: bad percent-encoding, and longer than its 100-character limit. */
  const UNROUTABLE = ['%zz', '%E0%A4%A', 'x'.repeat(101), 'x'.repeat(5000)];

  /** The status a refused caller must get: never the data, never a 500. */
  function expectRefused(response: LightMyRequestResponse, allowed: number[], target?: UserRow) {
    expect(allowed, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    expectNoLeak(response);
    if (target) expectNoUserData(response, target);
  }

  it.each(routes)(
    '%s: anonymous 401; manager and reseller refused for others',
    async (name, request) => {
      const isRead = name.startsWith('GET');
      const foreign = [resellerB1, managerB.user, admin.user, otherAdmin];
      for (const target of [...foreign, resellerA1.user, resellerA2]) {
        expectRefused(await anonymous(request(target.id)), [401], target);
      }
      for (const id of [randomUUID(), ...MALFORMED]) {
        expectRefused(await anonymous(request(id)), [401]);
      }
      for (const caller of [managerA, resellerA1]) {
        for (const target of foreign) {
          // Reads hide what the caller may not see (404); admin actions are refused by role (403).
          expectRefused(await caller.inject(request(target.id)), isRead ? [404] : [403], target);
        }
        expectRefused(await caller.inject(request(randomUUID())), isRead ? [404] : [403]);
        for (const id of MALFORMED) {
          expectRefused(await caller.inject(request(id)), isRead ? [400] : [403]);
        }
      }
      // Admin-only actions stay refused even on the caller's own downline.
      if (!isRead) {
        expectRefused(await managerA.inject(request(resellerA1.user.id)), [403]);
        expectRefused(await resellerA1.inject(request(resellerA2.id)), [403]);
      }
    },
  );

  it.each(routes)(
    '%s: an admin gets 404 for an unknown id and 400 for a malformed one',
    async (_, request) => {
      expectError(await admin.inject(request(randomUUID())), 404, 'not_found', 'User not found');
      for (const id of MALFORMED) {
        expectValidation(await admin.inject(request(id)), 'params.id', 'User not found');
      }
    },
  );

  it.each(routes)(
    '%s: an unroutable id gets a 4xx and nothing else, whoever asks',
    async (_, request) => {
      for (const caller of [admin, managerA, resellerA1]) {
        for (const id of UNROUTABLE) {
          const response = await caller.inject(request(id));
          expect([400, 404, 414], response.body).toContain(response.statusCode);
          expect(response.body).not.toMatch(/Test|example\.test/);
        }
      }
      for (const id of UNROUTABLE) {
        expect([400, 401, 414]).toContain((await anonymous(request(id))).statusCode);
      }
    },
  );

  // The router refuses these before any hook runs; frameworkErrors still answers the envelope.
  it.each(routes)(
    '%s: an unroutable id gets a 4xx and nothing else, whoever asks',
    async (_, request) => {
      for (const caller of [admin, managerA, resellerA1]) {
        for (const id of UNROUTABLE) {
          const response = await caller.inject(request(id));
          expect([400, 404, 414], response.body).toContain(response.statusCode);
          expect(response.body).not.toMatch(/Test|example\.test/);
        }
      }
      for (const id of UNROUTABLE) {
        expect([400, 401, 414]).toContain((await anonymous(request(id))).statusCode);
      }
    },
  );

  it.each(routes)('%s: an unroutable id is answered in the error envelope', async (_, request) => {
    for (const id of UNROUTABLE) {
      const response = await admin.inject(request(id));
      expect(isErrorBody(response.json()), response.body).toBe(true);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('left every target as it was', async () => {
    for (const target of [resellerB1, managerB.user, otherAdmin, resellerA1.user, resellerA2]) {
      const now = await userRow(ctx, target.id);
      expect(now).toMatchObject({ status: 'active', firstName: target.firstName });
      expect(now.role).toBe(target.role);
      expect(now.passwordHash).toBe(target.passwordHash);
    }
    expect((await managerB.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });
});
