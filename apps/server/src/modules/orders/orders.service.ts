import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import {
  keyLines,
  type createOrderSchema,
  type Order,
  type ordersQuerySchema,
  type respondOrderSchema,
} from '@keymarket/contracts/orders';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { AppError } from '../../lib/app-error';
import { csvStream, keysetBatches } from '../../lib/csv';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import {
  assertMayPlaceOrder,
  assertMayReadOrder,
  assertMayReadOwnOrder,
  assertMayRespondToOrder,
  isAdmin,
} from '../access/policy';
import { creditBucket, writeAudit } from '../ledger/ledger.repository';
import {
  priceRulesLookup,
  pricingChainLookup,
  quoteProducts,
  sellerPricesLookup,
  type PriceRulesReader,
  type PricingChain,
  type SellerPricesReader,
} from '../pricing/pricing.service';
import { inDownlineOf } from '../users/downline';
import { findIdempotentResponse, requestHash } from './idempotency';
import { orderCsvColumns, orderView, orderViews } from './order-view';
import { notifyOrderAnswered, recordOrderEvent } from './order-completion';
import { fillBackorders } from '../backorders/fill-backorders';
import { lockProductForKeys } from '../products/products.repository';
import {
  findOrder,
  leavePending,
  countOrders,
  coversWholePlatform,
  FEW_MATCHES,
  listOrders,
  orderBatch,
  orderStats,
  orderWithRefs,
  liveProductLookup,
  type OrderFilter,
  type OrderExportRow,
  scopeFor,
} from './orders.repository';
import { outOfStock, refusalOutcome } from './order-refusals';
import { OrderEventHints } from './order-event-hints';
import { platformOrderTotals } from '../analytics/daily-sales.repository';
import { rollupCutoff } from '../analytics/periods';
import { placeOrder } from './place-order';
import { waitsForSupplier } from '../upstreams/upstreams.repository';
import { returnStock } from '../stock/stock';
import { defaultSystemSettings } from '@keymarket/contracts/system-settings';
import type { SystemSettingsCache } from '../../lib/settings';
import { creditProfitChain, profitMargins, type Margin } from './profit';
import { noLiveSignals, type LiveSignal, type LiveSignalSink } from '../notifications/live-signals';
import { retryOnConflict } from '../../lib/transactions';
import { oneRow } from '../../lib/rows';
import { messages } from '@keymarket/contracts/messages';

/** The web's order, or /api/v1's with its `maxUnitPrice` (DESIGN.md §14). */
type CreateOrderInput = z.output<typeof createOrderSchema> & { maxUnitPrice?: number | undefined };
type RespondInput = z.output<typeof respondOrderSchema>;
type OrdersQuery = z.output<typeof ordersQuerySchema>;
/** A page of orders and its filters: /api/v1 knows only the status among them. */
type ListQuery = Pick<OrdersQuery, 'page' | 'limit'> &
  Partial<Omit<OrdersQuery, 'page' | 'limit' | 'showAll' | 'format'>>;

/**
 * Buys a docked product's order upstream once it is committed (modules/upstreams,
 * DESIGN.md §14): within a short time limit, completing or rejecting it, else leaving it to the
 * outbox. Never throws: the order is paid and committed whatever happens upstream.
 */
export interface UpstreamBuyer {
  buyNow(orderId: string): Promise<void>;
}

export interface PlacedOrder {
  body: Order;
  replayed: boolean;
}

export class OrdersService {
  private readonly findLiveProduct: ReturnType<typeof liveProductLookup>;
  private readonly pricingChainOf: (userId: string) => Promise<PricingChain>;
  private readonly sellerPrices: SellerPricesReader;
  private readonly priceRules: PriceRulesReader;
  /** Whose orders to plan with their outbox events (`OrderPlan.events`). */
  private readonly eventHints = new OrderEventHints();

  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    /** The pool for the order path's named statements (`DatabaseHandle.preparedStatements`). */
    private readonly preparedStatements: Database = db,
    /** Where the order statement's live signals go once it committed (`LivePublisher`). */
    private readonly live: LiveSignalSink = noLiveSignals,
    /** The default low-stock threshold (system settings); the built-in default when absent. */
    private readonly settings?: Pick<SystemSettingsCache, 'read'>,
    /** The pool for the reads batched across requests (`DatabaseHandle.batchedReads`). */
    batchedReads: Database = preparedStatements,
    /** Where the CSV export reads: a replica that is close behind when there is one. */
    private readonly reads = new ReadRouting(db),
    /** Buys docked products' orders upstream; without it a docked order waits for the outbox. */
    private readonly upstreamBuyer?: UpstreamBuyer,
  ) {
    this.findLiveProduct = liveProductLookup(batchedReads);
    this.pricingChainOf = pricingChainLookup(batchedReads);
    this.sellerPrices = sellerPricesLookup(batchedReads);
    this.priceRules = priceRulesLookup(batchedReads);
  }

  /**
   * Prices, debits and (for instant products) delivers in one statement: either the buyer has
   * paid and holds its keys, or nothing happened at all.
   */
  async place(
    caller: AuthContext,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<PlacedOrder> {
    assertMayPlaceOrder(caller);
    const hash = requestHash(input);
    const idempotency = idempotencyKey ? { key: idempotencyKey, hash } : undefined;
    // No look-up of the key before placing: the statement reserves the key first and is refused
    // ('replay') when it is taken, so a first request (nearly every one) costs no extra round
    // trip. A refusal before the statement (the product gone, the stock short) must not hide the
    // answer this key already has, so that is when the record is looked for.
    let placed: Order | 'replay';
    try {
      placed = await retryOnConflict(() => this.placeOnce(caller, input, idempotency));
    } catch (error) {
      const replay = idempotencyKey ? await this.replay(caller, idempotencyKey, hash) : undefined;
      if (replay) return replay;
      throw error;
    }
    if (placed !== 'replay') return { body: placed, replayed: false };
    // Only a request with an Idempotency-Key is answered 'replay'.
    const replay = idempotencyKey ? await this.replay(caller, idempotencyKey, hash) : undefined;
    if (replay) return replay;
    throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed');
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
    return { body: await this.get(caller, orderId), replayed: true };
  }

  /**
   * Reads what the order depends on (the product, the chain, the prices), then writes it in a
   * single statement (`placeOrder`): this is the busiest write path there is, and each statement
   * is a round trip (bench/results/orders.md). The reads take no lock, so they may as well come
   * before the write as inside a transaction with it: the write re-checks everything it relies on
   * (balance, keys, stock) in its own conditions.
   */
  private async placeOnce(
    caller: AuthContext,
    input: CreateOrderInput,
    idempotency: { key: string; hash: string } | undefined,
    asBackorder = false,
    withEvents = this.eventHints.expects(caller.userId),
  ): Promise<Order | 'replay'> {
    // Side by side: neither depends on the other (each joins its own batch, `batchedLookup`).
    const [found, chain] = await Promise.all([
      this.findLiveProduct(input.productId),
      this.pricingChainOf(caller.userId),
    ]);
    if (!found) throw new AppError('not_found', messages.productNotFound);
    const { product, category } = found;
    const instant = product.deliveryType === 'instant';
    // Docked from an upstream (DESIGN.md §14): paid and written now, pending, bought upstream
    // after the commit; its stock is the upstream's as last synced.
    const docked = product.upstreamId !== null;
    // Beyond the keys, a product that allows it takes the order as a backorder (DESIGN.md §11):
    // paid now, filled by the next import. A plain order never reads more than before.
    const backordered =
      !docked &&
      (asBackorder || (instant && product.allowBackorder && product.stock < input.quantity));
    // Refused early when it is plain; the conditions of the write are what guarantee it. A docked
    // product set to wait for its supplier takes the order beyond the stock it last synced: the
    // supplier may have restocked since, and otherwise the order waits there as a backorder.
    if (
      !backordered &&
      product.stock < input.quantity &&
      !(docked && (await waitsForSupplier(this.db, product.id)))
    ) {
      throw outOfStock(product.stock);
    }
    const quotes = await quoteProducts(this.db, chain, [product], {
      onlyThese: true,
      costsOnly: true,
      readSellerPrices: this.sellerPrices,
      readPriceRules: this.priceRules,
    });
    // One cost per member of the chain, the buyer's first (`Quote`).
    const costsCents = quotes.get(product.id)?.costsCents ?? [];
    const [buyer, seller] = chain.members;
    const [unitCents] = costsCents;
    if (!buyer || unitCents === undefined || costsCents.length !== chain.members.length) {
      throw new Error("The product was not priced along the buyer's chain");
    }
    // A caller buying for resale (a downstream platform) refuses a price above what it sold at.
    if (input.maxUnitPrice !== undefined && unitCents > toCents(input.maxUnitPrice)) {
      throw new AppError(
        'price_changed',
        `The price is now ${formatAmount(fromCents(unitCents))}, above your maxUnitPrice of ${formatAmount(input.maxUnitPrice)}`,
      );
    }
    const totalCents = unitCents * BigInt(input.quantity);
    const threshold =
      product.lowStockThreshold ??
      (this.settings ? await this.settings.read() : defaultSystemSettings).lowStockThreshold;
    // The statement checks the crossing on its own snapshot; it carries the check only when the
    // stock just read says this sale may reach the threshold (the hot path's other sales skip it).
    // A backorder takes no stock until it is filled.
    const lowStockThreshold =
      !backordered && !docked && product.stock - input.quantity <= threshold ? threshold : null;
    const delivered = instant && !backordered && !docked;
    const orderId = randomUUID();
    const order = {
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
      status: delivered ? ('completed' as const) : ('pending' as const),
      backordered,
      sourcing: docked ? ('upstream' as const) : ('local' as const),
      notes: input.notes || null,
      priceChain: chain.members.map((m, i) => ({ userId: m.id, costCents: String(costsCents[i]) })),
    };
    const refs = {
      buyer: { id: buyer.id, username: buyer.username },
      seller: seller ? { id: seller.id, username: seller.username } : null,
      category: category?.id ? category : null,
    };
    const placed = await placeOrder(this.preparedStatements, {
      order,
      refs,
      claim: delivered ? input.quantity : 0,
      debit: totalCents > 0n ? { kind: 'purchase', actorId: caller.userId, orderId } : null,
      margins: delivered ? profitMargins(order) : [],
      lowStockThreshold,
      audit: {
        actorId: caller.userId,
        action: 'order.placed',
        targetType: 'order',
        targetId: orderId,
        after: {
          productId: product.id,
          quantity: input.quantity,
          totalCents,
          status: order.status,
        },
      },
      // Only the order id is kept for a replay: the answer holds decrypted keys, which never
      // rest in clear.
      idempotency: idempotency
        ? { userId: caller.userId, ...idempotency, statusCode: 201, response: { orderId } }
        : null,
      events: withEvents,
    });
    if ('refused' in placed) {
      // Someone listens after all: the same order again, with its events (nothing was kept).
      if (placed.refused === 'order_events') {
        this.eventHints.heard(caller.userId);
        return this.placeOnce(caller, input, idempotency, asBackorder, true);
      }
      // Other buyers took the keys between the read and the write: a backorder after all.
      if (placed.refused === 'out_of_stock' && delivered && product.allowBackorder) {
        return this.placeOnce(caller, input, idempotency, true);
      }
      const outcome = refusalOutcome(placed, { totalCents, stock: product.stock });
      if (outcome === 'replay') return outcome;
      throw outcome;
    }
    if (withEvents && !placed.heard) this.eventHints.unheard(caller.userId);
    const signals = placedSignals(order, delivered ? profitMargins(order) : []);
    // Perhaps a `stock.low` for the administrators: a signal too many only costs them a read.
    if (lowStockThreshold !== null) signals.push({ role: 'admin', kind: 'notification' });
    this.live.publish(signals);
    if (docked) {
      // Bought upstream now, within a short time limit: the buyer gets its keys in this answer
      // when the upstream answers in time, else a pending order the outbox completes.
      await this.upstreamBuyer?.buyNow(orderId).catch(() => undefined);
      return this.get(caller, orderId);
    }
    if (backordered) {
      // Keys imported between the stock read and this order's commit filled only the backorders
      // the import could see: this one is filled now if they are still there.
      // The order is committed and paid: a fill that still fails after its own retries must not
      // reach `place`'s retry, which would place and charge the order a second time. It waits,
      // backordered, for the next import instead.
      const filled = await this.fillWaitingBackorders(product.id).catch(() => 0);
      if (filled) return this.get(caller, orderId);
    }
    return orderView(
      this.vault,
      caller,
      { order: placed.order, ...refs },
      placed.keys.map((key) => key.ciphertext),
    );
  }

  /** Fills what the product's unsold keys can fill of its backorders; answers how many orders. */
  private async fillWaitingBackorders(productId: string): Promise<number> {
    return retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        // The import's lock: fills of one product never run side by side.
        if (!(await lockProductForKeys(tx, productId))) return 0;
        return (await fillBackorders(tx, productId)).orders;
      }),
    );
  }

  /** Admin completes or rejects a pending order; the buyer may cancel (reject) its own. */
  async respond(caller: AuthContext, orderId: string, input: RespondInput): Promise<Order> {
    const existing = assertMayRespondToOrder(
      caller,
      await findOrder(this.db, orderId),
      input.status,
    );
    if (existing.status !== 'pending') throw alreadyAnswered(existing.status);
    // A docked order is being bought upstream (DESIGN.md §14): answering it here as well could
    // refund an order the upstream then delivers and charges for. It settles by itself; a stuck
    // purchase is retried from the Suppliers screen.
    if (existing.sourcing === 'upstream') {
      throw new AppError(
        'conflict',
        'This order is being bought from a supplier: it completes, or is refunded, by itself',
      );
    }
    if (existing.backordered && input.status === 'completed') {
      throw new AppError(
        'conflict',
        'A backorder is delivered from the key pool: import keys for its product to fill it',
      );
    }

    const answered = await retryOnConflict(() =>
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
          await recordOrderEvent(tx, 'order.completed', orderId);
          await notifyOrderAnswered(tx, order, caller.userId);
          await writeAudit(tx, {
            actorId: caller.userId,
            action: 'order.completed',
            targetType: 'order',
            targetId: orderId,
            before: { status: 'pending' },
            after: { status: 'completed' },
          });
          return order;
        }
        const order = await leavePending(tx, orderId, {
          status: 'rejected',
          rejectionReason: input.reason,
          respondedAt: new Date(),
          respondedById: caller.userId,
        });
        if (!order) throw alreadyAnswered();
        // The buyer's row before the product's: the lock order (docs/money.md).
        if (order.totalCents > 0n) {
          await creditBucket(tx, order.buyerId, 'balance', order.totalCents, {
            kind: 'refund',
            actorId: caller.userId,
            orderId,
            note: input.reason,
          });
        }
        // A backorder took no stock: it waited for keys that never came.
        if (!order.backordered) await returnStock(tx, order.productId, order.quantity);
        await recordOrderEvent(tx, 'order.rejected', orderId);
        await notifyOrderAnswered(tx, order, caller.userId);
        await writeAudit(tx, {
          actorId: caller.userId,
          // Anyone but an admin got here as the order's buyer.
          action: isAdmin(caller) ? 'order.rejected' : 'order.cancelled',
          targetType: 'order',
          targetId: orderId,
          before: { status: 'pending' },
          after: { status: 'rejected', reason: input.reason, refundCents: order.totalCents },
        });
        return order;
      }),
    );
    if (answered.backordered && answered.status === 'rejected') {
      // Backorders are filled in line and a fill stops at the first it cannot fill whole: with
      // this one out of the line, the unsold keys may fill those behind it now. The refund is
      // committed, so a fill that still fails waits for the next import (as in `placeOnce`).
      await this.fillWaitingBackorders(answered.productId).catch(() => 0);
    }
    return this.get(caller, orderId);
  }

  async get(caller: AuthContext, orderId: string): Promise<Order> {
    const row = await assertMayReadOrder(
      caller,
      await orderWithRefs(this.db, orderId),
      inDownlineOf(this.db, caller.userId),
    );
    return oneRow(await orderViews(this.db, this.vault, caller, [row]));
  }

  /** /api/v1: one of the caller's own purchases, its keys included once delivered. */
  async getOwn(caller: AuthContext, orderId: string): Promise<Order> {
    const row = assertMayReadOwnOrder(caller, await orderWithRefs(this.db, orderId));
    return oneRow(await orderViews(this.db, this.vault, caller, [row]));
  }

  async list(caller: AuthContext, query: OrdersQuery) {
    return this.listIn(caller, scopeFor(caller.userId, isAdmin(caller), query.showAll), query);
  }

  /** /api/v1: the caller's own purchases, whatever its role. */
  async listOwn(caller: AuthContext, query: Pick<OrdersQuery, 'page' | 'limit' | 'status'>) {
    return this.listIn(caller, scopeFor(caller.userId, false, false), query);
  }

  private async listIn(caller: AuthContext, scope: SQL | undefined, query: ListQuery) {
    const filter = filterOf(scope, query);
    const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
    let rows, counted;
    if (filter.search) {
      // A search is counted first: how many it matches decides how its page is read (FEW_MATCHES).
      counted = await countOrders(this.db, filter);
      const fewMatches = counted.exact && counted.total <= FEW_MATCHES;
      rows = await listOrders(this.db, { ...filter, ...page, fewMatches });
    } else {
      [rows, counted] = await Promise.all([
        listOrders(this.db, { ...filter, ...page }),
        countOrders(this.db, filter),
      ]);
    }
    return pageOf(
      await orderViews(this.db, this.vault, caller, rows),
      query,
      counted.total,
      counted.exact,
    );
  }

  /**
   * The stat cards of the list (`GET /orders/all/stats`): the split by status and the revenue of
   * every order the other filters select, exact; asked apart from the page, which never waits for
   * it. Filtered, they cost a pass over the matching orders. The admin's whole platform, which
   * was a pass over every order (bench/results/scale.md, "What grows faster than the data", 2), is the
   * analytics rollup's finished days plus the live ones, equal to that pass
   * (`platformOrderTotals`). Its cutoff follows the real clock, not the app's (tests fix that one
   * for analytics): it is the clock that stamps the orders' times.
   */
  async stats(caller: AuthContext, query: OrdersQuery) {
    const filter = filterOf(scopeFor(caller.userId, isAdmin(caller), query.showAll), query);
    const stats = coversWholePlatform(filter)
      ? await platformOrderTotals(this.db, rollupCutoff(new Date()))
      : await orderStats(this.db, filter);
    return {
      total: stats.total,
      pending: stats.pending,
      completed: stats.completed,
      rejected: stats.rejected,
      revenue: fromCents(BigInt(stats.revenueCents)),
    };
  }

  /**
   * Every order the list's filters select, in the list's order, as CSV (DESIGN.md §10), read a
   * batch at a time. No delivered key is ever written to a file: the keys stay behind the
   * order's own page.
   */
  export(caller: AuthContext, query: OrdersQuery): Readable {
    const filter = filterOf(scopeFor(caller.userId, isAdmin(caller), query.showAll), query);
    // One server for the whole file.
    const reader = this.reads.reader();
    const batches = keysetBatches<OrderExportRow>(async (after) =>
      orderBatch(await reader, filter, after?.order.id),
    );
    return csvStream(batches, orderCsvColumns);
  }
}

/**
 * The list's filters within what the caller may see (`scope`): a filter naming someone outside
 * it (another buyer, another tree's seller) narrows the scope, it never widens it.
 */
function filterOf(scope: SQL | undefined, query: Omit<ListQuery, 'page' | 'limit'>): OrderFilter {
  return {
    scope,
    status: query.status,
    search: query.search,
    productId: query.productId,
    buyerId: query.buyerId,
    sellerId: query.sellerId,
    from: query.from,
    to: query.to,
    sort: query.sort,
  };
}

/** Who sees what changed when an order is placed (the statement wrote their notifications). */
function placedSignals(
  order: { id: string; buyerId: string; status: string; totalCents: bigint },
  margins: readonly Margin[],
): LiveSignal[] {
  const signals: LiveSignal[] = [{ userId: order.buyerId, kind: 'orders', orderId: order.id }];
  if (order.totalCents > 0n) signals.push({ userId: order.buyerId, kind: 'balance' });
  // The profit notification comes with the fold (profit-accruals.ts), which signals it itself.
  for (const { sellerId } of margins) signals.push({ userId: sellerId, kind: 'balance' });
  if (order.status === 'pending') {
    signals.push(
      { role: 'admin', kind: 'notification' },
      { role: 'admin', kind: 'orders', orderId: order.id },
    );
  }
  return signals;
}

function alreadyAnswered(status?: string) {
  return new AppError(
    'conflict',
    status ? `This order is already ${status}` : 'This order has already been answered',
  );
}
