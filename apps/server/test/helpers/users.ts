import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { users } from '../../src/db/schema/index';
import type { UserRow } from '../../src/modules/users/users.repository';
import type { SignedInUser } from './factory';
import type { TestContext } from './test-app';

/** Sets columns of a user directly (names, countries, packages, status) for a test's setup. */
export async function setUser(ctx: TestContext, id: string, values: Partial<UserRow>) {
  await ctx.database.db.update(users).set(values).where(eq(users.id, id));
}

/** The user's row as it is now. */
export async function userRow(ctx: TestContext, id: string): Promise<UserRow> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The audit rows about `targetId`, newest first, read through GET /api/audit as `admin`. */
export async function auditRowsFor(admin: SignedInUser, targetId: string): Promise<AuditEntry[]> {
  const rows: AuditEntry[] = [];
  for (let page = 1; ; page++) {
    const response = await admin.inject({
      method: 'GET',
      url: `/api/audit?page=${page}&limit=100`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: AuditEntry[]; pagination: { totalPages: number } }>();
    rows.push(...body.data.filter((row) => row.targetId === targetId));
    if (page >= body.pagination.totalPages) return rows;
  }
}

/** The answer carries none of `user`'s identifying data (a refusal must not leak the target). */
export function expectNoUserData(response: LightMyRequestResponse, user: UserRow) {
  expect(response.body).not.toContain(user.username);
  expect(response.body).not.toContain(user.email);
}

/**
 * Two invitation trees under one admin, for visibility tests:
 * admin → managerA → resellerA1 → resellerA2, managerA → resellerA3; admin → managerB → resellerB1;
 * plus a second admin. The ones that act in tests are signed in.
 */
export async function userTrees(ctx: TestContext) {
  const admin = await ctx.factory.signedIn('admin');
  const otherAdmin = await ctx.factory.user({ role: 'admin' });
  const managerA = await ctx.factory.signedIn('manager', admin.user);
  const resellerA1 = await ctx.factory.signedIn('reseller', managerA.user);
  const resellerA2 = await ctx.factory.user({ invitedBy: resellerA1.user });
  const resellerA3 = await ctx.factory.user({ invitedBy: managerA.user });
  const managerB = await ctx.factory.signedIn('manager', admin.user);
  const resellerB1 = await ctx.factory.user({ invitedBy: managerB.user });
  return { admin, otherAdmin, managerA, resellerA1, resellerA2, resellerA3, managerB, resellerB1 };
}
