import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './helpers/database';
import { expectLedgerInvariants } from './helpers/invariants';
import { balanceOf, deposit, ledgerOf, queryRows } from './helpers/money';
import { createdMethod, decide, requestTopup, requestedTopup } from './helpers/topups';
import { useSignedIn, useTestApp } from './helpers/use-app';

/*
 * Races on top-ups (DESIGN.md §13), on PostgreSQL only: PGlite runs one statement at a time, so
 * nothing there can race.
 */
describe.skipIf(!onPostgres)('top-up races (PostgreSQL)', () => {
  const ctx = useTestApp();
  const admin = useSignedIn(ctx, 'admin');
  const db = () => ctx.database.db;
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((r) => r.statusCode).sort((a, b) => a - b);

  it('decides a request once when 20 decisions arrive at once: one wins, the rest get 409', async () => {
    const admins = [
      admin,
      ...(await Promise.all([1, 2, 3].map(() => ctx.factory.signedIn('admin')))),
    ];
    const method = await createdMethod(admin);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const topup = await requestedTopup(reseller, method.id, 50);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? decide(admins[i % admins.length]!, topup.id, 'approve', {})
          : decide(admins[i % admins.length]!, topup.id, 'reject', { reason: 'race' }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(19).fill(409)]);
    const winner = responses.find((r) => r.statusCode === 200)!.json<{ status: string }>();
    const credits = await ledgerOf(db(), reseller.user.id);
    expect(credits.map((r) => r.amountCents)).toEqual(winner.status === 'approved' ? [5000n] : []);
    await expectLedgerInvariants(db());
  });

  it('credits 20 racing approvals of one request once, and an upline pays only what it has', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    await deposit(admin, manager.user.id, 50);
    const method = await createdMethod(manager);
    const invitees = await Promise.all(
      [1, 2, 3, 4, 5].map(() => ctx.factory.signedIn('reseller', manager.user)),
    );
    const topups = await Promise.all(invitees.map((r) => requestedTopup(r, method.id, 20)));

    // Each request approved four times at once, all twenty decisions together.
    const responses = await Promise.all(
      topups.flatMap((t) => [1, 2, 3, 4].map(() => decide(manager, t.id, 'approve', {}))),
    );
    const approved = responses.filter((r) => r.statusCode === 200);
    expect(approved).toHaveLength(2);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect((await balanceOf(manager)).current).toBe(10);
    const credited = await Promise.all(invitees.map(async (r) => (await balanceOf(r)).current));
    expect(credited.sort()).toEqual([0, 0, 0, 20, 20]);
    await expectLedgerInvariants(db());
  });

  it('keeps at most 3 pending requests when 10 are made at once', async () => {
    const method = await createdMethod(admin);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        requestTopup(reseller, { methodId: method.id, amount: 5, reference: `R${i}` }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, ...Array<number>(7).fill(409)]);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from topup_requests where user_id = ${reseller.user.id}::uuid`,
    );
    expect(row!.n).toBe(3);
  });
});
