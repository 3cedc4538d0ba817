import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files, keyImportParts, keyImports, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type KeyImportRow = typeof keyImports.$inferSelect;

/** What a batch adds to a job's counts, and where the next one starts. */
export interface BatchProgress {
  bytesRead: number;
  linesRead: number;
  added: number;
  duplicates: number;
  blanks: number;
  backordersFilled: number;
}

/** The statuses a runner takes a job in; the others are final. */
const ACTIVE = ['queued', 'running'] as const;

export async function insertKeyImport(db: Executor, row: typeof keyImports.$inferInsert) {
  return oneRow(await db.insert(keyImports).values(row).returning());
}

export async function insertKeyImportPart(
  db: Executor,
  part: { importId: string; seq: number; fileId: string },
) {
  await db.insert(keyImportParts).values(part);
}

/** The stored part `seq` of a job's file, sealed. */
export async function keyImportPart(db: Executor, importId: string, seq: number) {
  const [row] = await db
    .select({ data: files.data })
    .from(keyImportParts)
    .innerJoin(files, eq(files.id, keyImportParts.fileId))
    .where(and(eq(keyImportParts.importId, importId), eq(keyImportParts.seq, seq)));
  return row?.data;
}

/** Removes a finished job's stored file (its parts go with the files, by their foreign key). */
export async function removeKeyImportFile(db: Executor, importId: string) {
  await db
    .delete(files)
    .where(
      inArray(
        files.id,
        db
          .select({ id: keyImportParts.fileId })
          .from(keyImportParts)
          .where(eq(keyImportParts.importId, importId)),
      ),
    );
}

export async function updateKeyImport(
  db: Executor,
  importId: string,
  changes: Partial<typeof keyImports.$inferInsert>,
) {
  const [row] = await db
    .update(keyImports)
    .set(changes)
    .where(eq(keyImports.id, importId))
    .returning();
  return row;
}

/**
 * Takes the oldest job no runner holds (queued, or running under a lease that ran out: its
 * process died or stopped) for `leaseMs` under a new `token`. SKIP LOCKED: two instances polling
 * at once take different jobs, and a job whose batch is being committed is not seen at all.
 */
export async function claimKeyImport(
  db: Executor,
  token: string,
  leaseMs: number,
): Promise<KeyImportRow | undefined> {
  const [row] = await db
    .update(keyImports)
    .set({
      status: 'running',
      leaseToken: token,
      leaseUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`,
      startedAt: sql`coalesce(${keyImports.startedAt}, now())`,
    })
    .where(
      eq(
        keyImports.id,
        sql`(select id from key_imports
             where status in ('queued', 'running')
               and (lease_until is null or lease_until < clock_timestamp())
             order by created_at limit 1
             for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/**
 * The job `importId` locked for a batch's transaction, if `token` still holds it and it is still
 * running: a job cancelled, or taken over by another runner after this one's lease ran out,
 * answers undefined and the batch is not made.
 */
export async function lockHeldKeyImport(db: Executor, importId: string, token: string) {
  const [row] = await db
    .select()
    .from(keyImports)
    .where(
      and(
        eq(keyImports.id, importId),
        eq(keyImports.leaseToken, token),
        eq(keyImports.status, 'running'),
      ),
    )
    .for('update');
  return row;
}

/** A batch's counts added to the job's, its lease renewed, in the batch's transaction. */
export async function recordBatch(
  db: Executor,
  importId: string,
  batch: BatchProgress,
  leaseMs: number,
) {
  const rows = await db
    .update(keyImports)
    .set({
      bytesRead: batch.bytesRead,
      linesRead: batch.linesRead,
      added: sql`${keyImports.added} + ${batch.added}`,
      duplicates: sql`${keyImports.duplicates} + ${batch.duplicates}`,
      blanks: sql`${keyImports.blanks} + ${batch.blanks}`,
      backordersFilled: sql`${keyImports.backordersFilled} + ${batch.backordersFilled}`,
      failures: 0,
      leaseUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(eq(keyImports.id, importId))
    .returning();
  return oneRow(rows);
}

/** Lets the job go at once (a runner stopping), so the next runner need not wait for the lease. */
export async function releaseKeyImport(db: Executor, importId: string, token: string) {
  await db
    .update(keyImports)
    .set({ leaseUntil: null })
    .where(and(eq(keyImports.id, importId), eq(keyImports.leaseToken, token)));
}

/** A batch failed for a passing reason: counted, and the job is left for a later attempt. */
export async function countFailure(db: Executor, importId: string, token: string) {
  const [row] = await db
    .update(keyImports)
    .set({ failures: sql`${keyImports.failures} + 1`, leaseUntil: null })
    .where(and(eq(keyImports.id, importId), eq(keyImports.leaseToken, token)))
    .returning({ failures: keyImports.failures });
  return row?.failures;
}

/** A job locked for its cancellation: waits for a batch being committed, then holds it. */
export async function lockActiveKeyImport(db: Executor, productId: string, importId: string) {
  const [row] = await db
    .select()
    .from(keyImports)
    .where(
      and(
        eq(keyImports.id, importId),
        eq(keyImports.productId, productId),
        inArray(keyImports.status, ACTIVE),
      ),
    )
    .for('update');
  return row;
}

const viewColumns = {
  job: keyImports,
  createdBy: { id: users.id, username: users.username },
};

/** A product's imports, newest first, or the one `importId`, with who started each. */
export async function listKeyImports(
  db: Executor,
  productId: string,
  options: { limit: number; importId?: string },
) {
  const rows = await db
    .select(viewColumns)
    .from(keyImports)
    .leftJoin(users, eq(users.id, keyImports.createdBy))
    .where(
      and(
        eq(keyImports.productId, productId),
        options.importId ? eq(keyImports.id, options.importId) : undefined,
      ),
    )
    .orderBy(desc(keyImports.createdAt), desc(keyImports.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row.job, createdByUser: row.createdBy }));
}
