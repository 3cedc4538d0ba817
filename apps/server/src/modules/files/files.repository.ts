import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/index';
import type { Upload } from '../../lib/uploads';
import { oneRow } from '../../lib/rows';

/**
 * The database storage driver: bytes in the `files` table, so every instance can serve every
 * upload. Callers pass their transaction, so a file exists exactly when the row pointing to it does.
 */
export async function storeFile(
  db: Executor,
  upload: Upload,
  meta: { purpose: string; ownerId: string | null },
): Promise<string> {
  return oneRow(
    await db
      .insert(files)
      .values({
        purpose: meta.purpose,
        ownerId: meta.ownerId,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        sha256: upload.sha256,
        data: upload.data,
      })
      .returning({ id: files.id }),
  ).id;
}

/** Removes files no longer referenced (a replaced image, a deleted category's image). */
export async function removeFiles(db: Executor, ids: readonly (string | null | undefined)[]) {
  const present = ids.filter((id): id is string => Boolean(id));
  if (present.length > 0) await db.delete(files).where(inArray(files.id, present));
}

export async function findFile(db: Executor, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** Where the API serves a stored file. */
export function fileUrl(id: string): string;
export function fileUrl(id: string | null | undefined): string | null;
export function fileUrl(id: string | null | undefined): string | null {
  return id ? `/api/files/${id}` : null;
}
