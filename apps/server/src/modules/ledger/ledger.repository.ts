import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, ledgerEntries, users } from '../../db/schema/index';

type Bucket = 'balance' | 'profit';
type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export interface LedgerContext {
  kind: LedgerKind;
  actorId: string | null;
  orderId?: string | null;
  counterpartyId?: string | null;
  note?: string | null;
}

const bucketColumn = (bucket: Bucket) =>
  bucket === 'balance' ? users.balanceCents : users.profitCents;
const bucketSet = (bucket: Bucket, value: SQL) =>
  bucket === 'balance' ? { balanceCents: value } : { profitCents: value };

/**
 * The only two ways a bucket changes. Each updates the bucket and appends its ledger row in the
 * caller's transaction, so a bucket always equals the sum of its rows.
 */
export async function creditBucket(
  tx: Executor,
  userId: string,
  bucket: Bucket,
  amountCents: bigint,
  context: LedgerContext,
): Promise<bigint> {
  if (amountCents <= 0n) throw new Error('credit must be positive');
  const column = bucketColumn(bucket);
  const [row] = await tx
    .update(users)
    .set(bucketSet(bucket, sql`${column} + ${amountCents}`))
    .where(eq(users.id, userId))
    .returning({ after: column });
  if (!row) throw new Error(`credit to unknown user ${userId}`);
  await appendLedger(tx, userId, bucket, amountCents, context);
  return row.after;
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
  const column = bucketColumn(bucket);
  const [row] = await tx
    .update(users)
    .set(bucketSet(bucket, sql`${column} - ${amountCents}`))
    .where(and(eq(users.id, userId), gte(column, amountCents)))
    .returning({ after: column });
  if (!row) return undefined;
  await appendLedger(tx, userId, bucket, -amountCents, context);
  return row.after;
}

async function appendLedger(
  tx: Executor,
  userId: string,
  bucket: Bucket,
  amountCents: bigint,
  context: LedgerContext,
) {
  await tx.insert(ledgerEntries).values({
    userId,
    bucket,
    amountCents,
    kind: context.kind,
    actorId: context.actorId,
    orderId: context.orderId ?? null,
    counterpartyId: context.counterpartyId ?? null,
    note: context.note ?? null,
  });
}

export interface AuditRecord {
  actorId: string | null;
  action: string;
  targetType: string;
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
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    before: json(record.before),
    after: json(record.after),
  });
}
