import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import type { Database, Executor } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { assertMayEditCatalogue } from '../access/policy';
import { storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { KeyFileReader, keyFileKind, keyFileMessages } from './key-file';
import {
  insertKeyImport,
  insertKeyImportPart,
  listKeyImports,
  lockActiveKeyImport,
  removeKeyImportFile,
  updateKeyImport,
  type KeyImportRow,
} from './key-imports.repository';
import type { ProductKeysService } from './key-pool.service';

/**
 * Bytes of the file in each stored part: a runner reads one part at a time, so this bounds its
 * memory, whatever the file's size (up to KEYS_FILE_MAX_BYTES).
 */
export const KEY_IMPORT_PART_BYTES = 1024 * 1024;

/** The `files` purpose of a key file's parts: sealed, and never served (files.routes.ts). */
export const KEY_IMPORT_FILE_PURPOSE = 'key-import';

export const keyImportMessages = {
  notFound: 'This key import was not found',
  finished: 'This key import has finished already',
};

/** What starts a runner on a job at once rather than at its next poll (key-import-runner.ts). */
export interface KeyImportWaker {
  wake(): void;
}

/**
 * Key files imported in the background (DESIGN.md §11): the upload is read through once (every
 * line checked, so a bad file is refused whole before anything is stored) and stored sealed in
 * parts, with a job row saying what is to be done; a runner then adds its keys in batches
 * (key-import-runner.ts). The job survives its client, its server's restart, and can be
 * cancelled after the batch in progress.
 */
export class KeyImportsService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly keys: ProductKeysService,
    private readonly runner: KeyImportWaker,
  ) {}

  /**
   * Stores a `.txt` or `.csv` key file as it streams in and queues its import. One transaction:
   * a bad line, a dropped connection or any error stores nothing and queues nothing.
   */
  async uploadKeyFile(
    caller: AuthContext,
    productId: string,
    file: { name: string; stream: Readable },
  ): Promise<KeyImport> {
    assertMayEditCatalogue(caller);
    await this.keys.instantProduct(productId);
    const kind = keyFileKind(file.name);
    const reader = new KeyFileReader(kind);
    const job = await this.db.transaction(async (tx) => {
      const created = await insertKeyImport(tx, {
        productId,
        createdBy: caller.userId,
        fileName: file.name,
        csv: kind === 'csv',
        sizeBytes: 0,
        linesTotal: 0,
        keysTotal: 0,
      });
      const parts = new PartWriter(tx, this.vault, created.id, caller.userId);
      const chunks = async function* () {
        for await (const chunk of file.stream as AsyncIterable<Buffer>) {
          await parts.write(chunk);
          yield chunk;
        }
      };
      // Every line is read here for its checks only; the runner reads them again from the parts.
      for await (const _line of reader.keys(chunks()));
      if (reader.found === 0) throw validationError('body', keyFileMessages.empty);
      await parts.end();
      await updateKeyImport(tx, created.id, {
        sizeBytes: parts.size,
        keyColumn: reader.column ?? null,
        linesTotal: reader.lines,
        keysTotal: reader.found,
      });
      return created;
    });
    this.runner.wake();
    return this.getImport(caller, productId, job.id);
  }

  /** The product's latest imports, newest first. */
  async listImports(caller: AuthContext, productId: string, limit: number) {
    assertMayEditCatalogue(caller);
    await this.keys.productExists(productId);
    const rows = await listKeyImports(this.db, productId, { limit });
    return { data: rows.map(viewOf) };
  }

  async getImport(caller: AuthContext, productId: string, importId: string): Promise<KeyImport> {
    assertMayEditCatalogue(caller);
    const [row] = await listKeyImports(this.db, productId, { limit: 1, importId });
    if (!row) throw new AppError('not_found', keyImportMessages.notFound);
    return viewOf(row);
  }

  /**
   * Cancels an import: a queued one before it starts, a running one once the batch in progress
   * is committed (its lock is waited for), keeping the keys added so far. Its file is removed.
   */
  async cancelImport(caller: AuthContext, productId: string, importId: string) {
    assertMayEditCatalogue(caller);
    await this.db.transaction(async (tx) => {
      const job = await lockActiveKeyImport(tx, productId, importId);
      if (!job) {
        const [found] = await listKeyImports(tx, productId, { limit: 1, importId });
        if (!found) throw new AppError('not_found', keyImportMessages.notFound);
        throw new AppError('conflict', keyImportMessages.finished);
      }
      await finishKeyImport(tx, job, { status: 'cancelled' }, caller.userId);
    });
    return this.getImport(caller, productId, importId);
  }
}

/**
 * Ends a job (`done`, `cancelled` or `failed`) in the caller's transaction: its lease let go, its
 * stored file removed, the import audited with its counts (a key never reaches the audit log).
 */
export async function finishKeyImport(
  tx: Executor,
  job: KeyImportRow,
  end: { status: 'done' | 'cancelled' | 'failed'; error?: string },
  actorId: string | null,
) {
  const row =
    (await updateKeyImport(tx, job.id, {
      status: end.status,
      error: end.error ?? null,
      leaseToken: null,
      leaseUntil: null,
      finishedAt: new Date(),
    })) ?? job;
  await removeKeyImportFile(tx, job.id);
  await writeAudit(tx, {
    actorId: actorId ?? job.createdBy,
    action: 'product.keys_imported',
    targetType: 'product',
    targetId: job.productId,
    after: {
      importId: job.id,
      file: job.fileName,
      status: end.status,
      added: row.added,
      duplicates: row.duplicates,
      blanks: row.blanks,
      backordersFilled: row.backordersFilled,
      linesRead: row.linesRead,
      linesTotal: row.linesTotal,
    },
  });
}

/** Stores an upload's bytes in sealed parts of `KEY_IMPORT_PART_BYTES` as they arrive. */
class PartWriter {
  size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;

  constructor(
    private readonly tx: Executor,
    private readonly vault: KeyVault,
    private readonly importId: string,
    private readonly ownerId: string,
  ) {}

  async write(chunk: Buffer) {
    this.size += chunk.length;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= KEY_IMPORT_PART_BYTES) {
      const all = Buffer.concat(this.pending);
      await this.store(all.subarray(0, KEY_IMPORT_PART_BYTES));
      const rest = all.subarray(KEY_IMPORT_PART_BYTES);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
    }
  }

  async end() {
    if (this.pendingBytes > 0) await this.store(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  private async store(bytes: Buffer) {
    const data = this.vault.seal(bytes);
    const fileId = await storeFile(
      this.tx,
      {
        data,
        contentType: 'application/octet-stream',
        sizeBytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        filename: `part-${this.seq}`,
      },
      { purpose: KEY_IMPORT_FILE_PURPOSE, ownerId: this.ownerId },
    );
    await insertKeyImportPart(this.tx, { importId: this.importId, seq: this.seq, fileId });
    this.seq++;
  }
}

function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

export function viewOf(
  row: KeyImportRow & { createdByUser: { id: string; username: string } | null },
): KeyImport {
  return {
    id: row.id,
    productId: row.productId,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    status: row.status,
    linesTotal: row.linesTotal,
    keysTotal: row.keysTotal,
    linesRead: row.linesRead,
    added: row.added,
    duplicates: row.duplicates,
    blanks: row.blanks,
    backordersFilled: row.backordersFilled,
    error: row.error,
    createdBy: row.createdByUser,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}
