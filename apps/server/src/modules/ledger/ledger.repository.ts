import { sql, type SQL } from 'drizzle-orm';
import type { AuditTargetType } from '@keymarket/contracts/balance';
import { rowsOf, type Executor } from '../../db/client';
import type { ledgerEntries } from '../../db/schema/index';
import { outboxEventCtes } from '../outbox/outbox-events';
import { liveSignalSql } from '../notifications/live-signals';
import {
  notifyUserCte,
  profitNotificationCte,
  userRefJson,
} from '../notifications/notification-writes';

type Bucket = 'balance' | 'profit';
type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export interface LedgerContext {
  kind: LedgerKind;
  actorId: string | null;
  orderId?: string | null;
  counterpartyId?: string | null;
  note?: string | null;
}

/**
 * The only two ways a bucket changes. Each updates the bucket and appends its ledger row in one
 * statement (one round trip on the money path), so a bucket always equals the sum of its rows.
 */
export async function creditBucket(
  tx: Executor,
  userId: string,
  bucket: Bucket,
  amountCents: bigint,
  context: LedgerContext,
): Promise<bigint> {
  if (amountCents <= 0n) throw new Error('credit must be positive');
  const after = await moveBucket(tx, userId, bucket, amountCents, context);
  if (after === undefined) throw new Error(`credit to unknown user ${userId}`);
  return after;
}

/**
 * Takes `amountCents` out of a bucket only if it holds that much; answers the new value, or
 * undefined (and changes nothing) when it does not. The condition is in the UPDATE itself, so two
 * debits racing for the same money cannot both succeed.
 */
export async function debitBucket(
  tx: Executor,
  userId: string,
  bucket: Bucket,
  amountCents: bigint,
  context: LedgerContext,
): Promise<bigint | undefined> {
  if (amountCents <= 0n) throw new Error('debit must be positive');
  return moveBucket(tx, userId, bucket, -amountCents, context);
}

/**
 * Adds `deltaCents` (negative: takes) to the bucket unless that would leave it below zero, and
 * writes the ledger row only if the bucket changed.
 */
async function moveBucket(
  tx: Executor,
  userId: string,
  bucket: Bucket,
  deltaCents: bigint,
  context: LedgerContext,
): Promise<bigint | undefined> {
  // A credit to the balance is a `balance.credited` event (DESIGN.md §9), in the same statement.
  const event =
    bucket === 'balance' && deltaCents > 0n
      ? sql`, ${outboxEventCtes('credited_event', {
          type: 'balance.credited',
          userId: sql`${userId}::uuid`,
          data: creditedEntry(context),
          source: sql`changed, changed_entry`,
        })}`
      : sql``;
  const notification = bucketNotification(userId, bucket, deltaCents, context);
  // The live signal rides on the answer's row: sent at commit, and only if the bucket moved.
  const [row] = await rowsOf<{ after: string }>(
    tx,
    sql`with ${bucketMoveCtes('changed', userId, bucket, deltaCents, context)} ${event}
        ${notification ? sql`, ${notification}` : sql``}
        select after::text as after, ${liveSignalSql(sql`${userId}::uuid`, 'balance')} as signalled
        from changed`,
  );
  return row ? BigInt(row.after) : undefined;
}

/**
 * The notification a bucket move raises (DESIGN.md §12), if any: `balance.credited` when someone
 * else credits the user's balance (a deposit, a transfer; not a refund, which `order.rejected`
 * already tells, nor the user's own conversion), `profit.credited` when a sale pays a margin.
 */
function bucketNotification(
  userId: string,
  bucket: Bucket,
  deltaCents: bigint,
  context: LedgerContext,
): SQL | undefined {
  if (deltaCents <= 0n) return undefined;
  if (bucket === 'profit') {
    return context.kind === 'profit'
      ? profitNotificationCte(
          'profit_note',
          sql`(select ${userId}::uuid as user_id, ${deltaCents}::bigint as amount_cents, 1 as orders
               from changed)`,
        )
      : undefined;
  }
  // A refund tells the buyer through its own notification (order.rejected, order.unit_refunded).
  if (context.kind === 'refund' || context.kind === 'refund_unit' || context.actorId === userId) {
    return undefined;
  }
  return notifyUserCte('credited_note', {
    type: 'balance.credited',
    userId: sql`${userId}::uuid`,
    source: sql`changed, changed_entry`,
    signal: true,
    data: sql`jsonb_build_object(
      'entryId', changed_entry.id::text,
      'kind', ${context.kind}::text,
      'amount', round(changed_entry.amount_cents / 100.0, 2),
      'balanceAfter', round(changed.after / 100.0, 2),
      'actor', ${userRefJson(sql`${context.actorId}::uuid`)})`,
  });
}

/** A `balance.credited` event's data: the ledger row `move_bucket` wrote (`changed_entry`). */
function creditedEntry(context: LedgerContext): SQL {
  return sql`jsonb_build_object('entry', jsonb_build_object(
    'id', changed_entry.id::text,
    'createdAt', to_char(changed_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'bucket', 'balance',
    'kind', ${context.kind}::text,
    'amount', round(changed_entry.amount_cents / 100.0, 2),
    'balanceAfter', round(changed.after / 100.0, 2),
    'orderId', ${context.orderId ?? null}::uuid,
    'counterpartyId', ${context.counterpartyId ?? null}::uuid,
    'note', ${context.note ?? null}::text))`;
}

/**
 * One bucket move as two CTEs for `moveBucket`'s statement: `name` calls `move_bucket` (migration
 * 0026, the one text that changes a bucket and appends its ledger row, used by `place_order`
 * too) and answers the new value `after`, or no row when the bucket would go below zero; and
 * `name_entry` the ledger row it appended, for the event and the notification to read.
 */
function bucketMoveCtes(
  name: string,
  userId: string,
  bucket: Bucket,
  deltaCents: bigint,
  context: LedgerContext,
): SQL {
  const changed = sql.identifier(name);
  return sql`${changed} as materialized (
      select after_cents as after, entry_id, entry_created_at
      from move_bucket(${userId}::uuid, ${bucket}::ledger_bucket, ${deltaCents}::bigint,
        ${context.kind}::ledger_kind, ${context.actorId}::uuid, ${context.orderId ?? null}::uuid,
        ${context.counterpartyId ?? null}::uuid, ${context.note ?? null}::text)
    ), ${sql.identifier(`${name}_entry`)} as (
      select entry_id as id, ${deltaCents}::bigint as amount_cents, entry_created_at as created_at
      from ${changed}
    )`;
}

export interface AuditRecord {
  actorId: string | null;
  action: string;
  targetType: AuditTargetType;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) =>
  value === undefined
    ? null
    : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** Admin actions and money movements, with before/after values (DESIGN.md §6). */
export async function writeAudit(tx: Executor, record: AuditRecord) {
  await tx.execute(auditInsert(record));
}

/** The audit row's INSERT, for a caller that folds it into a larger statement. */
export function auditInsert(record: AuditRecord): SQL {
  return auditRowInsert(auditRowOf(record));
}

/** The values of `record`'s audit row, as `auditInsert` binds them. */
export function auditRowOf(record: AuditRecord) {
  return {
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    before: json(record.before),
    after: json(record.after),
  };
}

/** `auditInsert` over an audit row's values (`auditRowOf`). */
function auditRowInsert(row: ReturnType<typeof auditRowOf>): SQL {
  return sql`insert into audit_log (actor_id, action, target_type, target_id, before, after)
    values (${row.actorId}::uuid, ${row.action}, ${row.targetType},
            ${row.targetId}::text, ${row.before}::text, ${row.after}::text)`;
}

/**
 * The profit fold (profit-accruals.ts): the accruals of the sellers `targets` selects (a query
 * answering `id`, which locks them) deleted, their profit buckets raised, one ledger row per
 * accrual in accrual order with the running value, and their `profit.credited` notification, in
 * one statement. The one bucket change besides `move_bucket`: many accruals of one seller enter
 * its bucket at once, each row's `balance_after_cents` following on from the one before (LEDGER
 * ORDER, migration 0026), which a move per accrual would also give at ten thousand round trips a
 * batch. Answers how many accruals it entered.
 */
export async function foldAccruals(db: Executor, targets: SQL, limit: number | null) {
  const rows = await rowsOf<{ folded: number }>(
    db,
    sql`
    with targets as (${targets}),
    folded as (
      delete from profit_accruals
      where id in (select a.id from profit_accruals a
                   where a.user_id in (select id from targets)
                   order by a.id ${limit === null ? sql`` : sql`limit ${limit}`})
      returning id, user_id, amount_cents, order_id, buyer_id
    ), sums as (
      select user_id, sum(amount_cents) as amount_cents, count(*)::int as orders
      from folded group by user_id
    ), moved as (
      update users u set profit_cents = u.profit_cents + s.amount_cents
      from sums s where u.id = s.user_id
      returning u.id, u.profit_cents - s.amount_cents as before
    ), entries as (
      insert into ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind,
        actor_id, order_id, counterparty_id, created_at)
      select f.user_id, 'profit', f.amount_cents,
             m.before + sum(f.amount_cents) over (partition by f.user_id order by f.id),
             'profit', f.buyer_id, f.order_id, f.buyer_id, clock_timestamp()
      from folded f join moved m on m.id = f.user_id
      order by f.user_id, f.id
      returning id
    ), ${profitNotificationCte('profit_note', sql`sums`)}
    select count(*)::int as folded from folded`,
  );
  return rows[0]?.folded ?? 0;
}
