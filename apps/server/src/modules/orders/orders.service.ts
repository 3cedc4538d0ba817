import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { formatAmount, fromCents } from '@keymarket/contracts/money';
import {
  keyLines,
  type createOrderSchema,
  type Order,
  type ordersQuerySchema,
  type respondOrderSchema,
} from '@keymarket/contracts/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../../plugins/access';
import { creditBucket, debitBucket, writeAudit } from '../ledger/ledger.repository';
import { loadPricingChain, quoteProducts } from '../pricing/pricing.service';
import { isInDownline } from '../users/downline';
import { findIdempotentResponse, requestHash, reserveIdempotencyKey } from './idempotency';
import { orderView, orderViews } from './order-view';
import {
  findLiveProduct,
  findOrder,
  insertOrderClaimingKeys,
  leavePending,
  listOrders,
  orderStats,
  orderWithRefs,
  returnStock,
  scopeFor,
  takeStockAndAudit,
} from './orders.repository';
import { creditProfitChain } from './profit';
import { retryOnConflict } from '../../lib/transactions';
import { messages } from '@keymarket/contracts/messages';

type CreateOrderInput = z.output<typeof createOrderSchema>;
type RespondInput = z.output<typeof respondOrderSchema>;
type OrdersQuery = z.output<typeof ordersQuerySchema>;

export interface PlacedOrder {
  statusCode: number;
  body: Order;
  replayed: boolean;
}

export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
  ) {}

  /**
   * Prices, debits and (for instant products) delivers in one transaction: either the buyer has
   * paid and holds its keys, or nothing happened at all.
   */
  async place(
    caller: AuthContext,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<PlacedOrder> {
    if (caller.role === 'admin')
      throw new AppError('forbidden', 'Administrators cannot place orders');
    const hash = requestHash(input);
    if (idempotencyKey) {
      const replay = await this.replay(caller, idempotencyKey, hash);
      if (replay) return replay;
    }
    try {
      const order = await retryOnConflict(() =>
        this.db.transaction(async (tx) => {
          const orderId = randomUUID();
          // Only the order id is kept for a replay: the answer holds decrypted keys, which never
          // rest in clear.
          if (
            idempotencyKey &&
            !(await reserveIdempotencyKey(tx, {
              userId: caller.userId,
              key: idempotencyKey,
              hash,
              statusCode: 201,
              response: { orderId },
            }))
          )
            throw new IdempotencyKeyTaken();
          return this.placeInTransaction(tx, caller, input, orderId);
        }),
      );
      return { statusCode: 201, body: order, replayed: false };
    } catch (error) {
      if (idempotencyKey && error instanceof IdempotencyKeyTaken) {
        const replay = await this.replay(caller, idempotencyKey, hash);
        if (replay) return replay;
        throw new AppError(
          'conflict',
          'A request with this Idempotency-Key is still being processed',
        );
      }
      throw error;
    }
  }

  private async replay(
    caller: AuthContext,
    key: string,
    hash: string,
  ): Promise<PlacedOrder | undefined> {
    const stored = await findIdempotentResponse(this.db, caller.userId, key);
    if (!stored) return undefined;
    if (stored.requestHash !== hash) {
      throw new AppError(
        'conflict',
        'This Idempotency-Key was already used with a different request',
      );
    }
    const { orderId } = stored.response as { orderId: string };
    return { statusCode: stored.statusCode, body: await this.get(caller, orderId), replayed: true };
  }

  /**
   * The order's statements, few and in a set sequence: this is the busiest write path there is,
   * and each statement is a round trip (bench/README.md, Orders).
   *
   * The rows other buyers' orders write too come last: the sellers' profit buckets (every buyer
   * below them) and the product's stock counter (every buyer of the product). A row lock is held
   * until the commit, so taking them at the end lets the next order of the same product in after
   * one statement and the commit, not after the whole transaction. Row locks are taken in one
   * order, users before products, as `respond` does too: no deadlock between them.
   */
  private async placeInTransaction(
    tx: Executor,
    caller: AuthContext,
    input: CreateOrderInput,
    orderId: string,
  ): Promise<Order> {
    const found = await findLiveProduct(tx, input.productId);
    if (!found) throw new AppError('not_found', messages.productNotFound);
    const { product, category } = found;
    const outOfStock = () => new AppError('out_of_stock', `Only ${product.stock} left in stock`);
    // Refused early when it is plain; the conditional update at the end is what guarantees it.
    if (product.stock < input.quantity) throw outOfStock();
    const chain = await loadPricingChain(tx, caller.userId);
    const quote = (
      await quoteProducts(tx, chain, [product], { onlyThese: true, costsOnly: true })
    ).get(product.id)!;
    const unitCents = quote.costsCents[0]!;
    const totalCents = unitCents * BigInt(input.quantity);

    if (totalCents > 0n) {
      const after = await debitBucket(tx, caller.userId, 'balance', totalCents, {
        kind: 'purchase',
        actorId: caller.userId,
        orderId,
      });
      if (after === undefined) {
        throw new AppError(
          'insufficient_balance',
          `Insufficient balance: this order costs ${formatAmount(fromCents(totalCents))}`,
        );
      }
    }
    const instant = product.deliveryType === 'instant';
    const [buyer, seller] = chain.members;
    const placed = await insertOrderClaimingKeys(
      tx,
      {
        id: orderId,
        buyerId: caller.userId,
        sellerId: seller?.id ?? null,
        productId: product.id,
        productName: product.name,
        categoryId: product.categoryId,
        quantity: input.quantity,
        deliveryType: product.deliveryType,
        unitPriceCents: unitCents,
        initialPriceCents: product.initialPriceCents,
        totalCents,
        status: instant ? 'completed' : 'pending',
        notes: input.notes || null,
        priceChain: chain.members.map((m, i) => ({
          userId: m.id,
          costCents: quote.costsCents[i]!.toString(),
        })),
      },
      instant ? input.quantity : 0,
    );
    if (instant && placed.keys.length !== input.quantity) throw outOfStock();

    if (instant) await creditProfitChain(tx, placed.order, caller.userId);
    // Refused here (the whole order undone) when a request product's stock ran out meanwhile.
    const stockTaken = await takeStockAndAudit(tx, product, input.quantity, {
      actorId: caller.userId,
      action: 'order.placed',
      targetType: 'order',
      targetId: orderId,
      after: {
        productId: product.id,
        quantity: input.quantity,
        totalCents,
        status: placed.order.status,
      },
    });
    if (!stockTaken) throw outOfStock();
    return orderView(
      this.vault,
      caller,
      {
        order: placed.order,
        buyer: { id: buyer!.id, username: buyer!.username },
        seller: seller ? { id: seller.id, username: seller.username } : null,
        category: category?.id ? category : null,
      },
      placed.keys.map((key) => key.ciphertext),
    );
  }

  /** Admin completes or rejects a pending order; the buyer may cancel (reject) its own. */
  async respond(caller: AuthContext, orderId: string, input: RespondInput): Promise<Order> {
    const existing = await findOrder(this.db, orderId);
    const isBuyer = existing?.buyerId === caller.userId;
    if (!existing || (caller.role !== 'admin' && !isBuyer))
      throw new AppError('not_found', messages.orderNotFound);
    if (caller.role !== 'admin' && input.status === 'completed') {
      throw new AppError('forbidden', 'Only an administrator can deliver an order');
    }
    if (existing.status !== 'pending') throw alreadyAnswered(existing.status);

    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        if (input.status === 'completed') {
          const lines = keyLines(input.keys);
          if (lines.length !== existing.quantity) {
            const text = `Enter exactly ${existing.quantity} line${existing.quantity > 1 ? 's' : ''}, one per unit (you entered ${lines.length})`;
            throw new AppError('validation', text, [{ path: 'body.keys', message: text }]);
          }
          const order = await leavePending(tx, orderId, {
            status: 'completed',
            deliveredKeys: this.vault.encrypt(lines.join('\n')),
            deliveredAt: new Date(),
            respondedAt: new Date(),
            respondedById: caller.userId,
          });
          if (!order) throw alreadyAnswered();
          await creditProfitChain(tx, order, caller.userId);
          await writeAudit(tx, {
            actorId: caller.userId,
            action: 'order.completed',
            targetType: 'order',
            targetId: orderId,
            before: { status: 'pending' },
            after: { status: 'completed' },
          });
          return;
        }
        const order = await leavePending(tx, orderId, {
          status: 'rejected',
          rejectionReason: input.reason,
          respondedAt: new Date(),
          respondedById: caller.userId,
        });
        if (!order) throw alreadyAnswered();
        // The buyer's row before the product's, in the order placement takes them: no deadlock.
        if (order.totalCents > 0n) {
          await creditBucket(tx, order.buyerId, 'balance', order.totalCents, {
            kind: 'refund',
            actorId: caller.userId,
            orderId,
            note: input.reason,
          });
        }
        await returnStock(tx, order.productId, order.quantity);
        await writeAudit(tx, {
          actorId: caller.userId,
          action: isBuyer && caller.role !== 'admin' ? 'order.cancelled' : 'order.rejected',
          targetType: 'order',
          targetId: orderId,
          before: { status: 'pending' },
          after: { status: 'rejected', reason: input.reason, refundCents: order.totalCents },
        });
      }),
    );
    return this.get(caller, orderId);
  }

  async get(caller: AuthContext, orderId: string): Promise<Order> {
    const row = await orderWithRefs(this.db, orderId);
    if (!row || !(await this.canSee(caller, row.order.buyerId)))
      throw new AppError('not_found', messages.orderNotFound);
    const [view] = await orderViews(this.db, this.vault, caller, [row]);
    return view!;
  }

  async list(caller: AuthContext, query: OrdersQuery) {
    const scope = scopeFor(caller.userId, caller.role === 'admin', query.showAll);
    const [rows, stats] = await Promise.all([
      listOrders(this.db, {
        scope,
        status: query.status,
        search: query.search,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      }),
      orderStats(this.db, scope, query.search),
    ]);
    const total = query.status ? stats[query.status] : stats.total;
    return {
      data: await orderViews(this.db, this.vault, caller, rows),
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / query.limit),
      },
      stats: {
        total: stats.total,
        pending: stats.pending,
        completed: stats.completed,
        rejected: stats.rejected,
        revenue: fromCents(BigInt(stats.revenueCents)),
      },
    };
  }

  /** Admins see every order; others their own and their downline's. */
  private async canSee(caller: AuthContext, buyerId: string): Promise<boolean> {
    if (caller.role === 'admin' || buyerId === caller.userId) return true;
    return isInDownline(this.db, caller.userId, buyerId);
  }
}

function alreadyAnswered(status?: string) {
  return new AppError(
    'conflict',
    status ? `This order is already ${status}` : 'This order has already been answered',
  );
}

/** The Idempotency-Key is already recorded: the request is answered by replaying the first. */
class IdempotencyKeyTaken extends Error {}
