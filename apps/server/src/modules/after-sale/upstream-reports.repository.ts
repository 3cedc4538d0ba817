import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  outboxDeliveries,
  upstreamKeyReports,
  upstreamOrders,
  upstreams,
} from '../../db/schema/index';
import { jsonParam } from '../outbox/outbox-events';

/** The outbox consumer that passes a docked order's key report to its supplier. */
export const UPSTREAM_REPORT_CONSUMER = 'upstream-report';

export type UpstreamKeyReportRow = typeof upstreamKeyReports.$inferSelect;

/**
 * Records the report to pass upstream and the outbox delivery that passes it if the buyer's
 * request does not (due in 30 seconds, as a purchase's): in the report's own transaction, so a
 * report here is always passed there, once the supplier answers.
 */
export async function queueUpstreamReport(
  tx: Executor,
  report: { orderId: string; keyIndex: number; upstreamId: string; reason: string; userId: string },
) {
  await tx.insert(upstreamKeyReports).values({
    orderId: report.orderId,
    keyIndex: report.keyIndex,
    upstreamId: report.upstreamId,
    reason: report.reason,
  });
  await tx.execute(sql`with event as (
      insert into outbox_events (type, user_id, data)
      values ('upstream.report', ${report.userId}::uuid,
        ${jsonParam({ orderId: report.orderId, keyIndex: report.keyIndex })})
      returning id)
    insert into outbox_deliveries (event_id, consumer, target_id, next_attempt_at)
    select id, ${UPSTREAM_REPORT_CONSUMER}, ${report.orderId}::uuid, now() + interval '30 seconds'
    from event`);
}

/** A report with what passing it needs: the supplier and its order's id there. */
export async function findUpstreamReport(db: Executor, orderId: string, keyIndex: number) {
  const [row] = await db
    .select({ report: upstreamKeyReports, purchase: upstreamOrders, upstream: upstreams })
    .from(upstreamKeyReports)
    .innerJoin(upstreamOrders, eq(upstreamOrders.orderId, upstreamKeyReports.orderId))
    .innerJoin(upstreams, eq(upstreams.id, upstreamKeyReports.upstreamId))
    .where(and(eq(upstreamKeyReports.orderId, orderId), eq(upstreamKeyReports.keyIndex, keyIndex)));
  return row;
}

export async function updateUpstreamReport(
  db: Executor,
  orderId: string,
  keyIndex: number,
  values: { status?: UpstreamKeyReportRow['status']; lastError: string | null; attempt?: true },
) {
  await db
    .update(upstreamKeyReports)
    .set({
      ...(values.status ? { status: values.status } : {}),
      lastError: values.lastError === null ? null : values.lastError.slice(0, 500),
      ...(values.attempt ? { attempts: sql`${upstreamKeyReports.attempts} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(upstreamKeyReports.orderId, orderId), eq(upstreamKeyReports.keyIndex, keyIndex)));
}

/** The report's delivery is due now: the attempt inside the buyer's request did not pass it. */
export async function upstreamReportDueNow(db: Executor, orderId: string) {
  await db
    .update(outboxDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(outboxDeliveries.consumer, UPSTREAM_REPORT_CONSUMER),
        eq(outboxDeliveries.targetId, orderId),
        eq(outboxDeliveries.status, 'pending'),
        sql`(${outboxDeliveries.lockedUntil} is null or ${outboxDeliveries.lockedUntil} <= now())`,
      ),
    );
}

/** The local docked order bought as `upstreamOrderId` at `upstreamId`. */
export async function findDockedByUpstreamOrder(
  db: Executor,
  upstreamId: string,
  upstreamOrderId: string,
) {
  const [row] = await db
    .select({ orderId: upstreamOrders.orderId })
    .from(upstreamOrders)
    .where(
      and(
        eq(upstreamOrders.upstreamId, upstreamId),
        eq(upstreamOrders.upstreamOrderId, upstreamOrderId),
      ),
    );
  return row;
}

/** The docked orders with a report the supplier holds and has not answered here yet. */
export async function ordersAwaitingAnswers(db: Executor, limit: number) {
  return db
    .selectDistinct({
      upstreamId: upstreamOrders.upstreamId,
      upstreamOrderId: upstreamOrders.upstreamOrderId,
    })
    .from(upstreamKeyReports)
    .innerJoin(upstreamOrders, eq(upstreamOrders.orderId, upstreamKeyReports.orderId))
    .where(eq(upstreamKeyReports.status, 'forwarded'))
    .limit(limit);
}

/** The report of a unit its supplier answered, if there was one, is answered. */
export async function markReportAnswered(tx: Executor, orderId: string, keyIndex: number) {
  await updateUpstreamReport(tx, orderId, keyIndex, { status: 'answered', lastError: null });
}
