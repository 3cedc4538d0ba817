import { fromCents } from '@keymarket/contracts/money';
import type { Database } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import { retryOnConflict } from '../../lib/transactions';
import { findOrder } from '../orders/orders.repository';
import type { OutboxConsumer } from '../outbox/outbox-worker';
import { UpstreamUnavailable, type UpstreamAdapter } from '../upstreams/adapters/upstream-adapter';
import { adapterFor } from '../upstreams/upstream-adapters';
import type { UpstreamUrlRules } from '../upstreams/upstream-http';
import { findUpstream } from '../upstreams/upstreams.repository';
import { claimKeyAction } from './after-sale.repository';
import { recordKeyAnswer } from './key-answer';
import { refundUnit } from './unit-refund';
import {
  findDockedByUpstreamOrder,
  findUpstreamReport,
  markReportAnswered,
  ordersAwaitingAnswers,
  UPSTREAM_REPORT_CONSUMER,
  updateUpstreamReport,
  upstreamReportDueNow,
} from './upstream-reports.repository';

/** The time limits of passing a report: inside the buyer's request, and the outbox's retries. */
export interface ReportTimeouts {
  inlineMs: number;
  retryMs: number;
}

/** Docked orders a poll for answers reads at most, each round. */
const POLL_BATCH = 100;

/**
 * After-sale across platforms (DESIGN.md §14). A buyer's report of a docked order's key is passed
 * to the supplier (`POST /v1/orders/{id}/report` there, the supplier's order): at once inside the
 * buyer's request, else by the outbox's retries. The supplier's answer, a replacement or a unit
 * refund, arrives as its `order.key_replaced` / `order.unit_refunded` event or is found by the
 * poll of the orders it holds reports of; either way `applyAnswers` reads the supplier's order and
 * applies to the local one each unit answered there and not yet here. The unit's row in
 * `order_key_actions` is what makes that happen once: a second event, a poll racing an event, or
 * two instances find it taken and write nothing.
 */
export class UpstreamAfterSale {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rules: UpstreamUrlRules,
    private readonly timeouts: ReportTimeouts,
  ) {}

  /** Passes the report now, within a short time limit; the outbox retries if that fails. */
  async forwardNow(orderId: string, keyIndex: number): Promise<void> {
    const passed = await this.forward(orderId, keyIndex, this.timeouts.inlineMs).catch(() => false);
    if (!passed) await upstreamReportDueNow(this.db, orderId);
  }

  /** The outbox's consumer of the reports `report` queued. */
  consumer(): OutboxConsumer {
    return {
      name: UPSTREAM_REPORT_CONSUMER,
      attempt: async (delivery) => {
        const { orderId, keyIndex } = delivery.event.data as { orderId: string; keyIndex: number };
        return (await this.forward(orderId, keyIndex, this.timeouts.retryMs))
          ? { ok: true, statusCode: null }
          : { ok: false, statusCode: null, error: 'The supplier could not be reached' };
      },
    };
  }

  /** One attempt to pass the report: answers whether it is settled (taken or refused there). */
  private async forward(orderId: string, keyIndex: number, timeoutMs: number): Promise<boolean> {
    const found = await findUpstreamReport(this.db, orderId, keyIndex);
    if (!found || found.report.status !== 'pending') return true;
    const { report, purchase, upstream } = found;
    if (!purchase.upstreamOrderId) {
      await updateUpstreamReport(this.db, orderId, keyIndex, {
        status: 'refused',
        lastError: 'The supplier holds no order for this purchase',
      });
      return true;
    }
    try {
      const answer = await adapterFor(upstream, this.vault, this.rules).report(
        purchase.upstreamOrderId,
        { keyIndex, reason: report.reason },
        timeoutMs,
      );
      await updateUpstreamReport(this.db, orderId, keyIndex, {
        status: answer.taken ? 'forwarded' : 'refused',
        lastError: answer.taken ? null : answer.text,
        attempt: true,
      });
      return true;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await updateUpstreamReport(this.db, orderId, keyIndex, { lastError: text, attempt: true });
      if (error instanceof UpstreamUnavailable) return false;
      throw error;
    }
  }

  /** `applyUpstreamAnswers` with the supplier's adapter. */
  async applyAnswers(upstreamId: string, upstreamOrderId: string): Promise<number> {
    const upstream = await findUpstream(this.db, upstreamId);
    if (!upstream) return 0;
    const adapter = adapterFor(upstream.upstream, this.vault, this.rules);
    return applyUpstreamAnswers(this.db, this.vault, adapter, upstreamId, upstreamOrderId);
  }

  /** Reads the supplier's order of every report it holds: the answers whose event was missed. */
  async pollAnswers(): Promise<number> {
    let applied = 0;
    for (const row of await ordersAwaitingAnswers(this.db, POLL_BATCH)) {
      if (!row.upstreamOrderId) continue;
      applied += await this.applyAnswers(row.upstreamId, row.upstreamOrderId).catch(() => 0);
    }
    return applied;
  }
}

/**
 * Applies to the local order bought as `upstreamOrderId` at `upstreamId` every unit its
 * supplier replaced or refunded there and not yet here; answers how many it applied. An order
 * that is not ours there, or not a completed one here, changes nothing.
 */
export async function applyUpstreamAnswers(
  db: Database,
  vault: KeyVault,
  adapter: UpstreamAdapter,
  upstreamId: string,
  upstreamOrderId: string,
): Promise<number> {
  const docked = await findDockedByUpstreamOrder(db, upstreamId, upstreamOrderId);
  if (!docked) return 0;
  const there = await adapter.order(upstreamOrderId);
  if (!there) return 0;
  let applied = 0;
  for (const [keyIndex, state] of there.keyStates.entries()) {
    if (state !== 'replaced' && state !== 'refunded') continue;
    const key = there.keys[keyIndex];
    if (state === 'replaced' && key === undefined) continue;
    const done = await retryOnConflict(() =>
      db.transaction(async (tx) => {
        const order = await findOrder(tx, docked.orderId);
        if (order?.status !== 'completed' || keyIndex >= order.quantity) return false;
        const claimed = await claimKeyAction(tx, {
          orderId: order.id,
          keyIndex,
          action: state,
          keyId: null,
          replacementCiphertext: state === 'replaced' ? vault.encrypt(key ?? '') : null,
          refundCents: state === 'refunded' ? order.unitPriceCents : null,
          actorId: null,
        });
        // Applied already: by an earlier event, a poll, or another instance.
        if (!claimed) return false;
        await markReportAnswered(tx, order.id, keyIndex);
        if (state === 'replaced') {
          await recordKeyAnswer(tx, order, keyIndex, null, {
            action: 'order.key_replaced',
            response: `Key ${keyIndex + 1} was replaced by the supplier: the new key is in the order's details.`,
            data: {},
            audit: { keyIndex, upstreamId, upstreamOrderId },
          });
        } else {
          const refund = await refundUnit(tx, order, keyIndex, null);
          await recordKeyAnswer(tx, order, keyIndex, null, {
            action: 'order.unit_refunded',
            response: `Key ${keyIndex + 1} was refunded by the supplier: ${fromCents(refund.refundCents).toFixed(2)} USD went back to your balance.`,
            data: { amount: fromCents(refund.refundCents) },
            audit: { keyIndex, upstreamId, upstreamOrderId, ...refund },
          });
        }
        return true;
      }),
    ).catch(async (error: unknown) => {
      // A seller short of money for its margin's reversal: kept on the report, tried again
      // by the next poll or event.
      const text = error instanceof Error ? error.message : String(error);
      await updateUpstreamReport(db, docked.orderId, keyIndex, { lastError: text });
      return false;
    });
    if (done) applied++;
  }
  return applied;
}
