import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { onPostgres } from './helpers/database';
import { expectLedgerInvariants } from './helpers/invariants';
import { addBalance, deposit, placedOrder, placeOrder, queryRows, respond } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

// Deadlocks need real concurrent transactions: PostgreSQL only (PGlite has one connection).
describe.skipIf(!onPostgres)(
  'races that lock the same rows in opposite orders (PostgreSQL)',
  () => {
    const { ctx, catalogue, admin, db } = useCatalogueApp();

    /**
     * Races whose two sides lock the same two rows in opposite orders. Postgres breaks the deadlock
     * by aborting one transaction; nothing retries it, so the client gets a 500. Each race is run
     * up to five rounds, stopping at the first 500; the money must stay consistent regardless.
     */
    async function raceUntil500(round: () => Promise<LightMyRequestResponse[]>) {
      const all: LightMyRequestResponse[] = [];
      for (let i = 0; i < 5; i += 1) {
        const responses = await round();
        all.push(...responses);
        await expectLedgerInvariants(db());
        if (responses.some((r) => r.statusCode >= 500)) break;
      }
      return all;
    }

    describe('a seller transferring to an invitee while the invitee buys and pays it a margin', () => {
      let responses: LightMyRequestResponse[];
      beforeAll(async () => {
        responses = await raceUntil500(async () => {
          const manager = await ctx.factory.signedIn('manager', admin.user);
          const reseller = await ctx.factory.signedIn('reseller', manager.user);
          await deposit(admin, manager.user.id, 100);
          await deposit(admin, reseller.user.id, 200);
          const product = await catalogue.product({ keys: 6 });
          await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
          return Promise.all([
            ...Array.from({ length: 6 }, () => addBalance(manager, reseller.user.id, 1)),
            ...Array.from({ length: 6 }, () =>
              placeOrder(reseller, { productId: product.id, quantity: 1 }),
            ),
          ]);
        });
      });

      it('keeps the ledger consistent (checked after every round)', () => {
        for (const r of responses.filter((x) => x.statusCode < 500)) {
          expect([200, 201]).toContain(r.statusCode);
        }
      });

      it('answers every request without a 500', () => {
        expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      });
    });

    it("locks a two-seller chain nearest seller first: an order waiting on its seller's row holds no row above it", async () => {
      // B buys from R, who buys from M: the order credits R's and M's profit. A transaction that
      // holds R's row (as a transfer from M to R or R's own order does) and then wants M's must
      // find M free. Had the order locked M before R, the two would wait on each other; this
      // transaction's short deadlock_timeout makes it the victim, so the test would see 40P01.
      const manager = await ctx.factory.signedIn('manager', admin.user);
      const seller = await ctx.factory.signedIn('reseller', manager.user);
      const buyer = await ctx.factory.signedIn('reseller', seller.user);
      await deposit(admin, buyer.user.id, 100);
      const product = await catalogue.product({ keys: 1 });
      await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
      await catalogue.sellerPrice(seller.user.id, product.id, 1500n);

      let order: Promise<LightMyRequestResponse> | undefined;
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local deadlock_timeout = '20ms'`);
        await tx.execute(sql`select 1 from users where id = ${seller.user.id} for update`);
        order = placeOrder(buyer, { productId: product.id, quantity: 1 });
        await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThan(0), {
          timeout: 10_000,
          interval: 10,
        });
        await tx.execute(
          sql`update users set profit_cents = profit_cents where id = ${manager.user.id}`,
        );
      });

      const response = await order!;
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ totalAmount: number }>().totalAmount).toBe(15);
      await expectLedgerInvariants(db());
    });

    /** Sessions of this database waiting for a row lock. */
    async function lockWaiters() {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return row!.n;
    }

    describe('a buyer cancelling pending orders while buying the same request product again', () => {
      let responses: LightMyRequestResponse[];
      beforeAll(async () => {
        responses = await raceUntil500(async () => {
          const buyer = await ctx.factory.signedIn('reseller', admin.user);
          await deposit(admin, buyer.user.id, 500);
          const product = await catalogue.product({ deliveryType: 'request', stock: 100 });
          const pending = [];
          for (let i = 0; i < 5; i += 1) pending.push(await placedOrder(buyer, product.id, 1));
          return Promise.all([
            ...pending.map((o) =>
              respond(buyer, o.id, { status: 'rejected', reason: 'changed mind' }),
            ),
            ...Array.from({ length: 5 }, () =>
              placeOrder(buyer, { productId: product.id, quantity: 1 }),
            ),
          ]);
        });
      });

      it('keeps the ledger consistent (checked after every round)', () => {
        for (const r of responses.filter((x) => x.statusCode < 500)) {
          expect([200, 201]).toContain(r.statusCode);
        }
      });

      it('answers every request without a 500', () => {
        expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      });
    });
  },
);
