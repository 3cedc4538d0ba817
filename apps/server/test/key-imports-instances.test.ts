import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import { auditLog, keyImports, productKeys } from '../src/db/schema/index';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import { stockOf } from './helpers/money';
import { HttpSession, ServerProcess } from './helpers/server-process';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';

/**
 * Key imports across processes on one PostgreSQL database: a server killed (SIGKILL) in the
 * middle of an import, and several servers whose runners all look for jobs. Every key of a file
 * of distinct keys must end up in the inventory exactly once, and no batch may be added twice
 * (it would show as duplicates).
 */
describe.skipIf(!onPostgres)('key imports across server processes', () => {
  let ctx: TestContext;
  let catalogue: CatalogueFactory;
  let url = '';
  let adminName = '';
  const servers: ServerProcess[] = [];
  const env = () => ({
    DATABASE_URL: url,
    KEY_IMPORT_BATCH_KEYS: '500',
    KEY_IMPORT_LEASE_MS: '1500',
    KEY_IMPORT_POLL_INTERVAL_MS: '50',
  });
  const startServer = async () => {
    const server = await ServerProcess.start(env());
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    url = fresh.url;
    ctx = await createTestApp({}, fresh.database);
    catalogue = new CatalogueFactory(ctx.database.db);
    adminName = (await ctx.factory.signedIn('admin')).user.username;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await ctx?.close();
  });

  const db = () => ctx.database.db;

  function keyFile(count: number) {
    const tag = Math.random().toString(36).slice(2, 10).toUpperCase();
    return Array.from({ length: count }, (_, i) => `PROC-${tag}-${i}-QRSTUVWXYZ`).join('\n');
  }

  async function upload(server: ServerProcess, productId: string, body: string) {
    const session = await HttpSession.signIn(server, adminName, TEST_PASSWORD);
    const response = await fetch(`${server.url}/api/products/${productId}/keys/file?name=k.txt`, {
      method: 'POST',
      headers: { cookie: session.cookieHeader, 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.status, await response.clone().text()).toBe(202);
    return (await response.json()) as KeyImport;
  }

  async function jobRow(importId: string) {
    const [row] = await db().select().from(keyImports).where(eq(keyImports.id, importId));
    return row!;
  }

  const jobWhen = (importId: string, done: (row: typeof keyImports.$inferSelect) => boolean) =>
    vi.waitFor(
      async () => {
        const row = await jobRow(importId);
        if (!done(row)) throw new Error(`not yet: ${row.status} ${row.added}`);
        return row;
      },
      { timeout: 120_000, interval: 25 },
    );

  async function expectEveryKeyOnce(productId: string, importId: string, count: number) {
    const job = await jobRow(importId);
    expect(job).toMatchObject({ status: 'done', added: count, duplicates: 0, linesRead: count });
    const [keys] = await db()
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct hmac)::int` })
      .from(productKeys)
      .where(eq(productKeys.productId, productId));
    expect(keys).toEqual({ n: count, distinct: count });
    expect(await stockOf(db(), productId)).toBe(count);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.keys_imported'), eq(auditLog.targetId, productId)));
    expect(audits).toHaveLength(1);
  }

  it('a server killed mid-import: the next one resumes after the last committed batch', async () => {
    const product = await catalogue.product();
    const first = await startServer();
    const job = await upload(first, product.id, keyFile(8000));
    await jobWhen(job.id, (row) => row.added >= 1000);
    await first.kill();
    const left = await jobRow(job.id);
    expect(left.status).toBe('running');
    expect(left.added).toBeLessThan(8000);
    expect(left.added % 500).toBe(0);

    // Its lease runs out; the restarted server takes the job over where it stopped.
    await startServer();
    await jobWhen(job.id, (row) => row.status === 'done');
    await expectEveryKeyOnce(product.id, job.id, 8000);
  }, 240_000);

  it('two servers polling for jobs: each job is imported once, by one of them', async () => {
    // The server of the test before, and one more.
    const a = servers.at(-1)!;
    const b = await startServer();
    const products = await Promise.all([1, 2, 3, 4].map(() => catalogue.product()));
    const jobs = await Promise.all(
      products.map((product, i) => upload(i % 2 ? a : b, product.id, keyFile(1500))),
    );
    for (const job of jobs) await jobWhen(job.id, (row) => row.status === 'done');
    for (const [i, job] of jobs.entries()) await expectEveryKeyOnce(products[i]!.id, job.id, 1500);
  }, 240_000);
});
