import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import { withoutQueryValues } from '../../lib/logged-error';
import { KeyFileReader, type KeyLine } from './key-file';
import {
  claimKeyImport,
  countFailure,
  keyImportPart,
  lockHeldKeyImport,
  recordBatch,
  releaseKeyImport,
  type KeyImportRow,
} from './key-imports.repository';
import { finishKeyImport, KEY_IMPORT_PART_BYTES, type KeyImportWaker } from './key-imports.service';
import type { ProductKeysService } from './key-pool.service';

export interface KeyImportRunnerOptions {
  /** How often the runner looks for a job no runner holds (KEY_IMPORT_POLL_INTERVAL_MS). */
  intervalMs: number;
  /** How long a job is held past its last committed batch (KEY_IMPORT_LEASE_MS). */
  leaseMs: number;
  /** Keys per batch, each batch one transaction (KEY_IMPORT_BATCH_KEYS). */
  batchKeys: number;
  /**
   * The database is one connection every request shares (PGlite): after each batch the runner
   * waits as long as the batch took, so an import takes at most half of the database's time and
   * the requests queued behind a batch (a cancel among them) get theirs.
   */
  sharedConnection: boolean;
}

/** Batches in a row that may fail for a passing reason before the job is given up. */
const MAX_FAILURES = 5;

export const keyImportRunnerMessages = {
  gaveUp: 'The import stopped after repeated errors; the keys added before are kept',
};

/**
 * Runs the key imports queued by `KeyImportsService` (DESIGN.md §11), one at a time per
 * instance, in every instance. A job is claimed under a lease; each batch of keys is one
 * transaction that locks the job's row, checks the lease is still this runner's, adds the keys
 * (`ProductKeysService.addKeys`: stock, backorders) and records where the next batch starts.
 * So a batch is committed with its progress or not at all: a process killed mid-batch loses that
 * batch only, and whoever takes the job over once the lease ran out (this process restarted, or
 * another instance) starts after the last committed batch. Two runners never add one batch:
 * the second claims only an expired lease, and the first's next batch then finds its token gone.
 */
export class KeyImportRunner implements KeyImportWaker {
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly keys: ProductKeysService,
    private readonly log: FastifyBaseLogger,
    private readonly options: KeyImportRunnerOptions,
  ) {}

  /** Polls every `intervalMs` until the answer is called, which waits for the batch in progress. */
  start(): () => Promise<void> {
    this.timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.timer.unref();
    this.wake();
    return async () => {
      this.stopping = true;
      clearInterval(this.timer);
      await this.running;
    };
  }

  /** Looks for jobs now (one was just queued here), or once more after the round under way. */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = undefined;
    });
  }

  private async rounds() {
    do {
      this.again = false;
      try {
        for (let job = await this.claim(); job && !this.stopping; job = await this.claim()) {
          await this.run(job.row, job.token);
        }
      } catch (error) {
        this.log.warn({ error: withoutQueryValues(error) }, 'key import round failed; will retry');
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- wake() sets it during the awaits above
    } while (this.again && !this.stopping);
  }

  private async claim() {
    const token = randomUUID();
    const row = await claimKeyImport(this.db, token, this.options.leaseMs);
    return row && { row, token };
  }

  /** Runs `job` to its end, or until the runner stops, the job is cancelled or taken over. */
  private async run(job: KeyImportRow, token: string) {
    const reader = new KeyFileReader(job.csv ? 'csv' : 'txt', {
      bytes: job.bytesRead,
      lines: job.linesRead,
      column: job.keyColumn ?? undefined,
    });
    let batch: KeyLine[] = [];
    let blanksBefore = 0;
    try {
      for await (const line of reader.keys(this.fileFrom(job.id, job.bytesRead))) {
        batch.push(line);
        if (batch.length < this.options.batchKeys) continue;
        const last = line;
        // The blank lines counted so far all come before this key's line.
        const blanks = reader.blanks - blanksBefore;
        const startedAt = performance.now();
        if (!(await this.commit(job, token, batch, { end: last.end, lines: last.lines, blanks }))) {
          return;
        }
        blanksBefore = reader.blanks;
        batch = [];
        if (this.options.sharedConnection) {
          await new Promise((resolve) => setTimeout(resolve, performance.now() - startedAt));
        }
        if (this.stopping) {
          await releaseKeyImport(this.db, job.id, token);
          return;
        }
      }
      const end = { end: job.sizeBytes, lines: reader.lines, blanks: reader.blanks - blanksBefore };
      await this.commit(job, token, batch, end, true);
    } catch (error) {
      await this.failed(job, token, error);
    }
  }

  /**
   * One batch's transaction: its keys added and the job's progress moved past them, if the job
   * is still this runner's and running. `last`: the file is read to its end, and the job is done.
   * Answers whether the job goes on.
   */
  private async commit(
    job: KeyImportRow,
    token: string,
    batch: readonly KeyLine[],
    to: { end: number; lines: number; blanks: number },
    last = false,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const held = await lockHeldKeyImport(tx, job.id, token);
      if (!held) return false;
      const keys = batch.map((line) => line.key);
      const result =
        keys.length > 0
          ? await this.keys.addKeys(tx, job.productId, keys)
          : { added: 0, backordersFilled: 0 };
      const progressed = await recordBatch(
        tx,
        job.id,
        {
          bytesRead: to.end,
          linesRead: to.lines,
          added: result.added,
          duplicates: keys.length - result.added,
          blanks: to.blanks,
          backordersFilled: result.backordersFilled,
        },
        this.options.leaseMs,
      );
      if (last) await finishKeyImport(tx, progressed, { status: 'done' }, null);
      return true;
    });
  }

  /**
   * The import's own refusal (the product gone or no longer instant) ends it as failed with its
   * reason; anything else (a deadlock, the database away) is tried again from the last committed
   * batch, up to `MAX_FAILURES` times in a row.
   */
  private async failed(job: KeyImportRow, token: string, error: unknown) {
    const refused = error instanceof AppError;
    if (!refused) {
      this.log.warn(
        { error: withoutQueryValues(error), importId: job.id },
        'key import batch failed',
      );
      const failures = await countFailure(this.db, job.id, token);
      if (failures === undefined || failures < MAX_FAILURES) return;
    }
    await this.db.transaction(async (tx) => {
      const held = await lockHeldKeyImport(tx, job.id, token);
      if (!held) return;
      const text = refused ? error.text : keyImportRunnerMessages.gaveUp;
      await finishKeyImport(tx, held, { status: 'failed', error: text }, null);
    });
  }

  /** The stored file's bytes from `offset` on, one opened part at a time. */
  private async *fileFrom(importId: string, offset: number): AsyncGenerator<Uint8Array> {
    let skip = offset % KEY_IMPORT_PART_BYTES;
    for (let seq = Math.floor(offset / KEY_IMPORT_PART_BYTES); ; seq++) {
      const sealed = await keyImportPart(this.db, importId, seq);
      if (!sealed) return;
      const part = this.vault.open(sealed);
      yield skip > 0 ? part.subarray(skip) : part;
      skip = 0;
    }
  }
}
