import { supplierRefusalNotes } from '@keymarket/contracts/server-notes';
import type { Database, Executor } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import { creditBucket, writeAudit } from '../ledger/ledger.repository';
import { notifyOrderAnswered, recordOrderEvent } from '../orders/order-completion';
import { leavePending } from '../orders/orders.repository';
import type { UpstreamBuyer } from '../orders/orders.service';
import { creditProfitChain } from '../orders/profit';
import type { AttemptOutcome, ClaimedDelivery } from '../outbox/outbox.repository';
import type { OutboxConsumer } from '../outbox/outbox-worker';
import type { FinalRefusal, UpstreamOrder } from './adapters/upstream-adapter';
import { UpstreamUnavailable } from './adapters/upstream-adapter';
import { adapterFor } from './upstream-adapters';
import type { UpstreamUrlRules } from './upstream-http';
import {
  findPurchase,
  lockPurchase,
  purchaseDueIn,
  purchaseDueNow,
  recordAttempt,
  recordBalance,
  recordUpstreamHealth,
  settlePurchaseDelivery,
  updatePurchase,
  UPSTREAM_CONSUMER,
  type UpstreamRow,
} from './upstreams.repository';

export interface PurchaseTimeouts {
  /** The attempt made inside the buyer's request (UPSTREAM_INLINE_TIMEOUT_MS). */
  inlineMs: number;
  /** An attempt of the outbox's retries: nobody waits for it. */
  retryMs: number;
  /** A backorder's next try after a refusal (`onUpstreamFailure: wait`): 10 minutes. */
  backorderRetryMs?: number;
  /** How long a backorder waits before its refund: 24 hours from the order. */
  backorderWindowMs?: number;
}

const BACKORDER_RETRY_MS = 10 * 60 * 1000;
const BACKORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What the buyer reads as its order's rejection reason: the supplier's own words stay with admins. */
const REFUSAL_REASONS: Record<FinalRefusal, string> = {
  out_of_stock: supplierRefusalNotes.outOfStock,
  insufficient_balance: supplierRefusalNotes.unpaid,
  price_changed: supplierRefusalNotes.priceRose,
  not_found: supplierRefusalNotes.unavailable,
  forbidden: supplierRefusalNotes.unavailable,
  validation: supplierRefusalNotes.refused,
};

type AttemptResult = { settled: true } | { settled: false; error: string; retryInMs?: number };

/**
 * Buys docked products' orders upstream (DESIGN.md §14). An order of a docked product is paid
 * and written pending by `place_order` with its `upstream_orders` row and an outbox delivery;
 * this buys it: first inside the buyer's request (`buyNow`, a short time limit), else as the
 * outbox's consumer `upstream` with its retries. Every attempt sends the local order's id as the
 * Idempotency-Key, so the upstream places one order whichever attempts reach it, and its answer
 * settles the local order once: completed with the upstream's keys (sealed by our vault) and the
 * margins paid, or, for a refusal that will not change, rejected and refunded in full. Settling
 * locks the purchase row first, then the order, then the buyer or the sellers (docs/money.md).
 */
export class UpstreamPurchases implements UpstreamBuyer {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rules: UpstreamUrlRules,
    private readonly timeouts: PurchaseTimeouts,
  ) {}

  async buyNow(orderId: string): Promise<void> {
    const result = await this.attempt(orderId, this.timeouts.inlineMs).catch(
      (error: unknown): AttemptResult => ({ settled: false, error: messageOf(error) }),
    );
    // Not settled in time: the outbox's delivery takes over at once rather than when it was due
    // (a backorder: at its next try).
    if (result.settled) return;
    if (result.retryInMs === undefined) await purchaseDueNow(this.db, orderId);
    else await purchaseDueIn(this.db, orderId, result.retryInMs);
  }

  /** The outbox's consumer of the purchases `place_order` queued. */
  consumer(): OutboxConsumer {
    return {
      name: UPSTREAM_CONSUMER,
      attempt: async (delivery: ClaimedDelivery): Promise<AttemptOutcome> => {
        const result = await this.attempt(delivery.targetId, this.timeouts.retryMs);
        if (result.settled) return { ok: true, statusCode: null };
        return result.retryInMs === undefined
          ? { ok: false, statusCode: null, error: result.error }
          : { ok: false, statusCode: null, error: result.error, retryInMs: result.retryInMs };
      },
    };
  }

  /** An administrator's retry of a purchase whose retries ran out (or are waiting). */
  async retry(orderId: string): Promise<void> {
    await purchaseDueNow(this.db, orderId, true);
    await this.buyNow(orderId);
  }

  /** One attempt: settled (completed or rejected, now or before), or why it must be retried. */
  private async attempt(orderId: string, timeoutMs: number): Promise<AttemptResult> {
    const found = await findPurchase(this.db, orderId);
    if (!found) return { settled: true };
    const { purchase, order, upstream, onUpstreamFailure } = found;
    if (order.status !== 'pending' || purchase.status !== 'pending') {
      await settlePurchaseDelivery(this.db, orderId);
      return { settled: true };
    }
    let answer;
    try {
      answer = await adapterFor(upstream, this.vault, this.rules).purchase(
        {
          productId: purchase.upstreamProductId,
          quantity: order.quantity,
          maxUnitPriceCents: purchase.unitCostCents,
          idempotencyKey: orderId,
        },
        timeoutMs,
      );
    } catch (error) {
      const text = messageOf(error);
      await recordAttempt(this.db, orderId, text);
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return { settled: false, error: text };
    }
    if ('refused' in answer) {
      // A product set to wait: a backorder, bought again until its window closes.
      const window = this.timeouts.backorderWindowMs ?? BACKORDER_WINDOW_MS;
      if (onUpstreamFailure === 'wait' && Date.now() < purchase.createdAt.getTime() + window) {
        const until = new Date(purchase.createdAt.getTime() + window).toISOString();
        const error = `Waiting for the supplier until ${until}: ${answer.text}`;
        await recordAttempt(this.db, orderId, error);
        return {
          settled: false,
          error,
          retryInMs: this.timeouts.backorderRetryMs ?? BACKORDER_RETRY_MS,
        };
      }
      await this.reject(orderId, REFUSAL_REASONS[answer.refused], answer.text);
      return { settled: true };
    }
    return this.applyPlaced(orderId, order.quantity, upstream, answer.placed);
  }

  /**
   * The upstream order's state read again (`GET /v1/orders/{id}` when its id is known, else the
   * purchase asked again with its Idempotency-Key): what an `order.completed` or
   * `order.rejected` event from the upstream, or the sync's poll of pending purchases, calls.
   */
  async refresh(orderId: string): Promise<void> {
    const found = await findPurchase(this.db, orderId);
    if (!found || found.purchase.status !== 'pending' || found.order.status !== 'pending') return;
    const { purchase, order, upstream } = found;
    if (!purchase.upstreamOrderId) return this.buyNow(orderId);
    const placed = await adapterFor(upstream, this.vault, this.rules).order(
      purchase.upstreamOrderId,
    );
    if (!placed) return this.buyNow(orderId);
    await this.applyPlaced(orderId, order.quantity, upstream, placed);
  }

  /** Settles the local order by the upstream order's state, or records why it is still open. */
  private async applyPlaced(
    orderId: string,
    quantity: number,
    upstream: UpstreamRow,
    placed: UpstreamOrder,
  ): Promise<AttemptResult> {
    const order = { quantity };
    if (placed.status === 'rejected') {
      const reason = placed.rejectionReason ?? 'no reason given';
      await this.reject(orderId, 'Rejected by the supplier: refunded in full', reason, placed.id);
      return { settled: true };
    }
    if (placed.status === 'completed' && placed.keys.length === order.quantity) {
      await this.complete(orderId, placed);
      // The balance there after each purchase (DESIGN.md §14): not on the buyer's time.
      void this.refreshBalance(upstream).catch(() => undefined);
      return { settled: true };
    }
    // Pending there (a request product or a backorder upstream): asked again with the same key,
    // which answers the same order as it stands, until it completes.
    const error =
      placed.status === 'completed'
        ? `The upstream delivered ${placed.keys.length} keys for ${order.quantity}`
        : 'The upstream order is pending there';
    await updatePurchase(this.db, orderId, {
      upstreamOrderId: placed.id,
      upstreamStatus: placed.status,
    });
    await recordAttempt(this.db, orderId, error);
    return { settled: false, error };
  }

  private async complete(orderId: string, placed: UpstreamOrder) {
    await this.db.transaction(async (tx) => {
      if ((await lockPurchase(tx, orderId))?.status !== 'pending') return;
      const now = new Date();
      const order = await leavePending(tx, orderId, {
        status: 'completed',
        deliveredKeys: this.vault.encrypt(placed.keys.join('\n')),
        deliveredAt: now,
        respondedAt: now,
      });
      await updatePurchase(tx, orderId, {
        status: 'completed',
        upstreamOrderId: placed.id,
        upstreamStatus: placed.status,
        lastError: null,
      });
      await settlePurchaseDelivery(tx, orderId);
      if (!order) return;
      await creditProfitChain(tx, order, null);
      await recordOrderEvent(tx, 'order.completed', orderId);
      await notifyOrderAnswered(tx, order, null);
      await auditOrder(tx, orderId, 'order.completed', {
        status: 'completed',
        upstreamOrderId: placed.id,
      });
    });
  }

  /**
   * Rejects the local order and refunds the buyer in full: `reason` is what the buyer reads,
   * `detail` the upstream's own words, kept for administrators (`lastError`).
   */
  private async reject(orderId: string, reason: string, detail: string, upstreamOrderId?: string) {
    await this.db.transaction(async (tx) => {
      if ((await lockPurchase(tx, orderId))?.status !== 'pending') return;
      const order = await leavePending(tx, orderId, {
        status: 'rejected',
        rejectionReason: reason,
        respondedAt: new Date(),
      });
      await updatePurchase(tx, orderId, {
        status: 'rejected',
        upstreamOrderId: upstreamOrderId ?? null,
        upstreamStatus: upstreamOrderId ? 'rejected' : null,
        lastError: detail.slice(0, 500),
      });
      await settlePurchaseDelivery(tx, orderId);
      if (!order) return;
      if (order.totalCents > 0n) {
        await creditBucket(tx, order.buyerId, 'balance', order.totalCents, {
          kind: 'refund',
          actorId: null,
          orderId,
          note: reason,
        });
      }
      await recordOrderEvent(tx, 'order.rejected', orderId);
      await notifyOrderAnswered(tx, order, null);
      await auditOrder(tx, orderId, 'order.rejected', {
        status: 'rejected',
        reason,
        refundCents: order.totalCents,
      });
    });
  }

  /**
   * Reads the platform's balance at `upstream` and records it with the upstream's health; a fall
   * below its alert tells the administrators (`recordBalance`).
   */
  async refreshBalance(upstream: UpstreamRow): Promise<bigint | undefined> {
    try {
      const balanceCents = await adapterFor(upstream, this.vault, this.rules).balance();
      await recordBalance(this.db, upstream.id, balanceCents);
      return balanceCents;
    } catch (error) {
      await recordUpstreamHealth(this.db, upstream.id, { ok: false, error: messageOf(error) });
      return undefined;
    }
  }
}

const auditOrder = (tx: Executor, orderId: string, action: string, after: unknown) =>
  writeAudit(tx, {
    actorId: null,
    action,
    targetType: 'order',
    targetId: orderId,
    before: { status: 'pending' },
    after,
  });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
