import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { encodePng } from '../src/lib/png';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import { form } from './helpers/multipart';
import { bucketsOf, deposit, ordersOf, queryRows } from './helpers/money';
import { PrivatePostgres } from './helpers/private-postgres';
import {
  HttpSession,
  runConcurrently,
  ServerProcess,
  type ApiBody,
} from './helpers/server-process';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no other session on the test database is running a statement or holding a
 * transaction open. A killed server's backends finish what they had started (a commit under way
 * completes) before they notice their client is gone: checks read in several statements would
 * otherwise see an order's debit land between two of them.
 */
async function untilKilledSessionsSettle(ctx: TestContext) {
  for (;;) {
    const [busy] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state is not null and state <> 'idle'`,
    );
    if (busy!.n === 0) return;
    await sleep(20);
  }
}

/** The money and key invariants plus: every order the buyer has is whole (paid, and keyed). */
async function expectNoPartialOrder(ctx: TestContext, buyerId: string, priceCents: bigint) {
  await expectLedgerInvariants(ctx.database.db);
  const placed = await ordersOf(ctx.database.db, buyerId);
  const purchases = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ledger_entries where user_id = ${buyerId} and kind = 'purchase'`,
  );
  expect(purchases[0]!.n, 'one purchase row per order').toBe(placed.length);
  const { balance } = await bucketsOf(ctx.database.db, buyerId);
  expect(BigInt(balance)).toBe(100_000n - priceCents * BigInt(placed.length));
}

describe.skipIf(!onPostgres)('a server killed with SIGKILL under purchase load', () => {
  let ctx: TestContext;
  let server: ServerProcess;

  beforeAll(async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL!);
    ctx = await createTestApp({}, database);
    server = await ServerProcess.start({ DATABASE_URL: url });
  }, 120_000);
  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await server?.dispose();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await ctx?.close();
  });

  it('leaves no partial order and a consistent ledger, and serves again after a restart', async () => {
    const admin: SignedInUser = await ctx.factory.signedIn('admin');
    const product = await new CatalogueFactory(ctx.database.db).product({ keys: 150 });
    const buyer = await ctx.factory.user({ role: 'reseller', invitedBy: admin.user });
    await deposit(admin, buyer.id, 1000);
    const session = await HttpSession.signIn(server, buyer.username, TEST_PASSWORD);
    const order = () =>
      session.request(server, 'POST', '/api/orders', { productId: product.id, quantity: 1 });

    let answered = 0;
    const load = runConcurrently(
      Array.from({ length: 120 }, () => async () => {
        const answer = await order();
        answered++;
        return answer;
      }),
      16,
    );
    while (answered < 15) await sleep(5);
    await server.kill(); // mid-flight: several transactions are cut where they stand
    const results = await load;
    const cut = results.filter((result) => result.status === 'rejected').length;
    expect(cut, 'some requests were in flight when the process died').toBeGreaterThan(0);

    await untilKilledSessionsSettle(ctx);
    await expectNoPartialOrder(ctx, buyer.id, 1000n);

    await server.start();
    const after = await order();
    expect(after.status).toBe(201);
    expect(after.body.responseKeys).toHaveLength(1);
    await expectNoPartialOrder(ctx, buyer.id, 1000n);
  });

  it('stores nothing when an upload is cut off half-way', async () => {
    const admin = await HttpSession.signIn(
      server,
      (await ctx.factory.user({ role: 'admin' })).username,
      TEST_PASSWORD,
    );
    const count = async (table: 'files' | 'categories') =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)}`,
        )
      )[0]!.n;
    const before = { files: await count('files'), categories: await count('categories') };

    // A multipart body announced at 1 MB, of which only the start (a PNG signature) arrives.
    const boundary = 'km-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="nameEn"\r\n\r\nCut\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await new Promise<void>((resolve) => {
      const upload = httpRequest(`${server.url}/api/categories/category`, {
        method: 'POST',
        headers: {
          cookie: admin.cookieHeader,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(1_000_000),
        },
      });
      upload.on('error', () => resolve());
      upload.on('close', () => resolve());
      upload.write(Buffer.concat([head, png, Buffer.alloc(64 * 1024)]), () =>
        setTimeout(() => upload.destroy(), 200),
      );
    });

    await sleep(500); // let the server notice the cut and roll back
    expect(await count('files')).toBe(before.files);
    expect(await count('categories')).toBe(before.categories);
    const health = await fetch(`${server.url}/api/ready`);
    expect(health.status).toBe(200);
  });
});

describe.skipIf(!onPostgres || !PrivatePostgres.available())(
  'PostgreSQL stopped and started under load',
  () => {
    let cluster: PrivatePostgres;
    let ctx: TestContext;
    let server: ServerProcess;

    beforeAll(async () => {
      cluster = await PrivatePostgres.create();
      ctx = await createTestApp(
        {},
        await openDatabase({ kind: 'postgres', url: cluster.url, poolMax: 5 }),
      );
      server = await ServerProcess.start({ DATABASE_URL: cluster.url });
    }, 120_000);
    afterAll(async () => {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
      await server?.dispose();
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
      await ctx?.close().catch(() => undefined);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
      cluster?.dispose();
    });

    it('answers with the envelope while it is down and recovers by itself', async () => {
      const admin = await ctx.factory.signedIn('admin');
      // Cheap and well stocked: on a fast machine the four clients place hundreds of orders in
      // the healthy phases, and running out of balance or keys would answer 409, not 503.
      const product = await new CatalogueFactory(ctx.database.db).product({
        keys: 1000,
        initialPriceCents: 10n,
        managerPriceCents: 10n,
        resellerPriceCents: 10n,
      });
      const buyer = await ctx.factory.user({ role: 'reseller', invitedBy: admin.user });
      await deposit(admin, buyer.id, 1000);
      const session = await HttpSession.signIn(server, buyer.username, TEST_PASSWORD);

      type Answer = { phase: 'before' | 'down' | 'after'; status: number; body: ApiBody };
      const answers: Answer[] = [];
      let phase: Answer['phase'] = 'before';
      let running = true;
      const client = async () => {
        while (running) {
          const current = phase;
          const answer = await session.request(server, 'POST', '/api/orders', {
            productId: product.id,
            quantity: 1,
          });
          answers.push({ phase: current, ...answer });
          // Paced so the healthy phases stay well inside the stock (at most ~160 orders a second).
          await sleep(answer.status === 201 ? 25 : 50);
        }
      };
      const clients = Promise.all(Array.from({ length: 4 }, client));

      await sleep(1000);
      phase = 'down';
      cluster.stop();
      await sleep(1500);
      cluster.start();
      phase = 'after';
      // Give the pool time to replace its dead connections, then keep buying a little longer.
      const recovered = Date.now() + 15_000;
      while (
        Date.now() < recovered &&
        !answers.some((a) => a.phase === 'after' && a.status === 201)
      ) {
        await sleep(100);
      }
      await sleep(1000);
      running = false;
      await clients;

      const failures = answers.filter((answer) => answer.status !== 201);
      expect(failures.length, 'requests failed while the database was down').toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure.status).toBe(503);
        expect(failure.body).toMatchObject({
          statusCode: 503,
          message: { type: 'unavailable', text: expect.any(String) as string },
        });
      }
      const after = answers.filter((answer) => answer.phase === 'after');
      expect(after.at(-1)?.status, 'purchases succeed again without a restart').toBe(201);

      // ctx's own pool lost its connections too; it recovers the same way.
      await expectNoPartialOrder(ctx, buyer.id, 10n);
    });
  },
);

/**
 * A real PNG of about `bytes` bytes that neither deflate nor PostgreSQL's TOAST compression can
 * shrink (random pixels), so each upload takes its full size on disk.
 */
function noisyPng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const noise = randomBytes(side * side * 3);
  return encodePng(side, side, (x, y) => {
    const at = (y * side + x) * 3;
    return [noise[at]!, noise[at + 1]!, noise[at + 2]!];
  });
}

describe.skipIf(!onPostgres || !PrivatePostgres.available() || !PrivatePostgres.tmpfsMountable())(
  'the disk holding the uploads fills up',
  () => {
    let cluster: PrivatePostgres;
    let ctx: TestContext;
    let server: ServerProcess;

    beforeAll(async () => {
      cluster = await PrivatePostgres.create();
      ctx = await createTestApp(
        {},
        await openDatabase({ kind: 'postgres', url: cluster.url, poolMax: 5 }),
      );
      server = await ServerProcess.start({ DATABASE_URL: cluster.url });
      // Only the `files` table (and its TOAST, where the bytes go) moves to a 1 MB disk: the WAL
      // stays on the big one, since a full WAL disk stops PostgreSQL altogether (a PANIC).
      const small = cluster.mountTmpfs('1m');
      await ctx.database.db.execute(sql.raw(`create tablespace small_disk location '${small}'`));
      await ctx.database.db.execute(sql`alter table files set tablespace small_disk`);
    }, 120_000);
    afterAll(async () => {
      try {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
        await server?.dispose();
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
        await ctx?.close().catch(() => undefined);
      } finally {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
        cluster?.dispose(); // stops PostgreSQL first (it holds files there open), then unmounts
      }
    });

    it('refuses the upload that does not fit with a 503, keeps nothing of it, and recovers', async () => {
      const admin = await HttpSession.signIn(
        server,
        (await ctx.factory.user({ role: 'admin' })).username,
        TEST_PASSWORD,
      );
      const counts = async () =>
        (
          await queryRows<{ files: number; categories: number }>(
            ctx.database.db,
            sql`select (select count(*)::int from files) as files,
                       (select count(*)::int from categories) as categories`,
          )
        )[0]!;
      const upload = async (name: string, image: Buffer) => {
        const response = await fetch(`${server.url}/api/categories/category`, {
          method: 'POST',
          headers: { cookie: admin.cookieHeader },
          body: form(
            { nameEn: name, nameFr: name, nameAr: name },
            { image: { bytes: image, type: 'image/png', name: 'a.png' } },
          ),
        });
        return {
          status: response.status,
          body: (await response.json()) as ApiBody & { imageUrl?: string },
        };
      };
      const served = async (url: string) =>
        Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());

      // ~300 KB each: two or three fit on the 1 MB disk, then one does not.
      const stored: Array<{ url: string; bytes: Buffer }> = [];
      let refused: { status: number; body: ApiBody } | undefined;
      let before = await counts();
      for (let i = 0; i < 8 && !refused; i++) {
        before = await counts();
        const image = noisyPng(300_000);
        const answer = await upload(`Full ${i}`, image);
        if (answer.status === 201) stored.push({ url: answer.body.imageUrl!, bytes: image });
        else refused = answer;
      }
      expect(stored.length, 'some uploads fit before the disk is full').toBeGreaterThan(0);
      expect(refused, 'an upload is refused once the disk is full').toBeDefined();
      expect(refused!.status, JSON.stringify(refused!.body)).toBe(503);
      expect(refused!.body).toEqual({
        statusCode: 503,
        message: {
          type: 'unavailable',
          text: 'The server is out of storage space. Please try again later.',
        },
      });

      // Nothing of the refused upload: no file, no category; the earlier files are whole.
      expect(await counts()).toEqual(before);
      for (const file of stored) expect((await served(file.url)).equals(file.bytes)).toBe(true);
      // Logged as an error with its SQLSTATE, without the query's values (the file's bytes). The
      // answer can arrive before the log line has crossed the pipe, hence the wait.
      const logged = Date.now() + 5000;
      while (Date.now() < logged && !server.log.includes('out of resources')) await sleep(50);
      expect(server.log).toContain('database out of resources');
      expect(server.log).toContain('53100');
      expect(server.log).not.toMatch(/params/);
      expect(server.log.length).toBeLessThan(20_000);

      // The server goes on answering everything that does not need new space.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      const list = await fetch(`${server.url}/api/categories`, {
        headers: { cookie: admin.cookieHeader },
      });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(stored.length);

      // Space freed (the table moved back to the big disk): uploads succeed again, no restart.
      await ctx.database.db.execute(sql`alter table files set tablespace pg_default`);
      const image = noisyPng(300_000);
      const again = await upload('After', image);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await counts()).toEqual({
        files: before.files + 1,
        categories: before.categories + 1,
      });
      expect((await served(again.body.imageUrl!)).equals(image)).toBe(true);
      for (const file of stored) expect((await served(file.url)).equals(file.bytes)).toBe(true);
    });
  },
);
