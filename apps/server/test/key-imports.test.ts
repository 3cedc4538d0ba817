import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KEYS_FILE_MAX_BYTES, type KeyImport } from '@keymarket/contracts/catalogue';
import { auditLog, files, keyImportParts, productKeys } from '../src/db/schema/index';
import { keyFileMessages } from '../src/modules/key-pool/key-file';
import { KeyVault } from '../src/lib/key-vault';
import { keyImportMessages, KeyImportsService } from '../src/modules/key-pool/key-imports.service';
import { ProductKeysService } from '../src/modules/key-pool/key-pool.service';
import { claimKeyImport, lockHeldKeyImport } from '../src/modules/key-pool/key-imports.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import { keyImportsOf } from './helpers/key-imports';
import { fundedReseller, placeOrder, stockOf } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { TEST_KEYS_SECRET } from './helpers/test-app';

// Small batches, so a file of a few thousand keys is many transactions.
const { ctx, catalogue, admin, db } = useCatalogueApp({ KEY_IMPORT_BATCH_KEYS: '200' });
const { finishedImport, importWhen } = keyImportsOf(admin);

const upload = (productId: string, name: string, body: string | Buffer | Readable, headers = {}) =>
  admin.inject({
    method: 'POST',
    url: `/api/products/${productId}/keys/file?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });

const cancel = (productId: string, importId: string) =>
  admin.inject({
    method: 'POST',
    url: `/api/products/${productId}/keys/imports/${importId}/cancel`,
  });

const tagged = () => Math.random().toString(36).slice(2, 10).toUpperCase();

/** `count` distinct keys, one a line, with a blank line after every 100th. */
function keyFile(count: number, tag = tagged()) {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(`JOB-${tag}-${i.toString().padStart(7, '0')}-ABCDEFGHIJKLMNOP`);
    if (i % 100 === 99) lines.push('');
  }
  return { text: `${lines.join('\n')}\n`, blanks: Math.floor(count / 100) };
}

async function keysOf(productId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct hmac)::int` })
    .from(productKeys)
    .where(eq(productKeys.productId, productId));
  return row!;
}

async function storedParts(importId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(keyImportParts)
    .where(eq(keyImportParts.importId, importId));
  return row!.n;
}

async function started(productId: string, body: string | Buffer) {
  const res = await upload(productId, 'keys.txt', body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<KeyImport>();
}

describe('a key file imported in the background', () => {
  it('answers the queued job at once; the job adds every key in batches and ends done', async () => {
    const product = await catalogue.product();
    const { text, blanks } = keyFile(3000);
    const queued = await started(product.id, text);
    expect(queued).toMatchObject({
      productId: product.id,
      fileName: 'keys.txt',
      sizeBytes: Buffer.byteLength(text),
      keysTotal: 3000,
      linesTotal: 3000 + blanks,
      createdBy: { id: admin.user.id },
    });
    expect(['queued', 'running', 'done']).toContain(queued.status);

    const job = await finishedImport(product.id, queued.id);
    expect(job).toMatchObject({
      status: 'done',
      linesRead: 3000 + blanks,
      added: 3000,
      duplicates: 0,
      blanks,
      backordersFilled: 0,
      error: null,
    });
    expect(job.finishedAt).not.toBeNull();
    expect(await keysOf(product.id)).toEqual({ n: 3000, distinct: 3000 });
    expect(await stockOf(db(), product.id)).toBe(3000);
    // The stored file goes once the import ended; one audit row says what it did.
    expect(await storedParts(queued.id)).toBe(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.keys_imported'), eq(auditLog.targetId, product.id)));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({
      importId: queued.id,
      status: 'done',
      added: 3000,
      file: 'keys.txt',
    });
  });

  it('keeps a queued file sealed and unserved; cancelled before it starts, it adds nothing', async () => {
    const product = await catalogue.product();
    // A service whose runner is never woken: the job stays queued for this test to look at.
    const keys = new ProductKeysService(db(), new KeyVault(TEST_KEYS_SECRET));
    const imports = new KeyImportsService(db(), new KeyVault(TEST_KEYS_SECRET), keys, {
      wake: () => {},
    });
    const caller = { userId: admin.user.id, role: 'admin' as const };
    const { text } = keyFile(30_000);
    const job = await imports.uploadKeyFile(caller, product.id, {
      name: 'queued.txt',
      stream: Readable.from([Buffer.from(text)]),
    });
    expect(job.status).toBe('queued');
    const parts = await db()
      .select({ id: files.id, data: files.data })
      .from(keyImportParts)
      .innerJoin(files, eq(files.id, keyImportParts.fileId))
      .where(eq(keyImportParts.importId, job.id));
    // 30,000 lines of 45 bytes: two parts of a MiB.
    expect(parts).toHaveLength(2);
    for (const part of parts) {
      expect(part.data.toString('latin1')).not.toContain('JOB-');
      const served = await admin.inject({ method: 'GET', url: `/api/files/${part.id}` });
      expectError(served, 404, 'not_found');
    }
    const res = await cancel(product.id, job.id);
    expect(res.json<KeyImport>()).toMatchObject({ status: 'cancelled', added: 0, linesRead: 0 });
    expect(await storedParts(job.id)).toBe(0);
    expect(await keysOf(product.id)).toEqual({ n: 0, distinct: 0 });
  });

  it('a runner whose lease ran out commits no batch: the runner that took the job over does', async () => {
    const product = await catalogue.product();
    const keys = new ProductKeysService(db(), new KeyVault(TEST_KEYS_SECRET));
    const imports = new KeyImportsService(db(), new KeyVault(TEST_KEYS_SECRET), keys, {
      wake: () => {},
    });
    const job = await imports.uploadKeyFile({ userId: admin.user.id, role: 'admin' }, product.id, {
      name: 'lease.txt',
      stream: Readable.from([Buffer.from(keyFile(10).text)]),
    });
    // A runner holds it for a millisecond, then stalls; another claims it once the lease is out.
    const stale = await claimKeyImport(db(), randomUUID(), 1);
    expect(stale?.id).toBe(job.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await claimKeyImport(db(), randomUUID(), 60_000);
    expect(fresh?.id).toBe(job.id);
    // The fresh lease is not taken from its holder.
    expect(await claimKeyImport(db(), randomUUID(), 60_000)).toBeUndefined();
    expect(await lockHeldKeyImport(db(), job.id, stale!.leaseToken!)).toBeUndefined();
    expect((await lockHeldKeyImport(db(), job.id, fresh!.leaseToken!))?.id).toBe(job.id);
    expect((await cancel(product.id, job.id)).statusCode).toBe(200);
  });

  it('a repeated file adds nothing the second time: its keys are duplicates', async () => {
    const product = await catalogue.product();
    const { text } = keyFile(500);
    await finishedImport(product.id, (await started(product.id, text)).id);
    const again = await finishedImport(product.id, (await started(product.id, text)).id);
    expect(again).toMatchObject({ status: 'done', added: 0, duplicates: 500 });
    expect(await stockOf(db(), product.id)).toBe(500);
  });

  it('says how many waiting orders its keys filled', async () => {
    const product = await catalogue.product({ allowBackorder: true });
    const buyer = await fundedReseller(ctx.factory, admin, 1000);
    for (const quantity of [2, 1]) {
      const order = await placeOrder(buyer, { productId: product.id, quantity });
      expect(order.json<{ status: string }>().status).toBe('pending');
    }
    const job = await finishedImport(product.id, (await started(product.id, keyFile(5).text)).id);
    expect(job).toMatchObject({ status: 'done', added: 5, backordersFilled: 2 });
    expect(await stockOf(db(), product.id)).toBe(2);
  });

  it('is cancelled after the batch in progress, keeping what was committed', async () => {
    const product = await catalogue.product();
    const job = await started(product.id, keyFile(6000).text);
    await importWhen(product.id, job.id, (j) => j.added > 0);
    const res = await cancel(product.id, job.id);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<KeyImport>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.added).toBeGreaterThan(0);
    expect(cancelled.added).toBeLessThan(6000);
    expect(cancelled.added % 200).toBe(0);
    // Nothing more is added afterwards; the stock holds exactly the keys committed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await keysOf(product.id)).toEqual({ n: cancelled.added, distinct: cancelled.added });
    expect(await stockOf(db(), product.id)).toBe(cancelled.added);
    expect(await storedParts(job.id)).toBe(0);
    expectError(await cancel(product.id, job.id), 409, 'conflict', keyImportMessages.finished);
  }, 120_000);

  it('lists a product’s imports newest first and refuses unknown ones', async () => {
    const product = await catalogue.product();
    const first = await started(product.id, keyFile(3).text);
    const second = await started(product.id, keyFile(3).text);
    await finishedImport(product.id, first.id);
    await finishedImport(product.id, second.id);
    const res = await admin.inject({
      method: 'GET',
      url: `/api/products/${product.id}/keys/imports?limit=5`,
    });
    expect(res.json<{ data: KeyImport[] }>().data.map((j) => j.id)).toEqual([second.id, first.id]);
    const other = await catalogue.product();
    expectError(
      await admin.inject({
        method: 'GET',
        url: `/api/products/${other.id}/keys/imports/${first.id}`,
      }),
      404,
      'not_found',
      keyImportMessages.notFound,
    );
    expectError(await cancel(other.id, first.id), 404, 'not_found', keyImportMessages.notFound);
  });
});

describe('a bad key file', () => {
  it('is refused whole before anything is stored: not text, too long a line', async () => {
    const product = await catalogue.product();
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(files);
    const png = Buffer.concat([
      Buffer.from(keyFile(300).text),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x0a]),
    ]);
    expectValidation(await upload(product.id, 'keys.txt', png), 'body', keyFileMessages.notText);
    const long = `${keyFile(10).text}${'X'.repeat(3000)}\n`;
    expectValidation(
      await upload(product.id, 'keys.txt', long),
      'body',
      keyFileMessages.lineTooLong(11),
    );
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(files);
    expect(after[0]!.n).toBe(before[0]!.n);
    const res = await admin.inject({
      method: 'GET',
      url: `/api/products/${product.id}/keys/imports`,
    });
    expect(res.json<{ data: KeyImport[] }>().data).toEqual([]);
  });

  it('is refused as too large by its declared length, before it is read', async () => {
    const product = await catalogue.product();
    let read = 0;
    const body = new Readable({
      read() {
        read++;
        this.push(read > 3 ? null : Buffer.from('A-KEY-THAT-IS-NEVER-READ\n'));
      },
    });
    expectError(
      await upload(product.id, 'keys.txt', body, {
        'content-length': String(KEYS_FILE_MAX_BYTES + 1),
      }),
      413,
      'payload_too_large',
      keyFileMessages.tooBig,
    );
  });
});
