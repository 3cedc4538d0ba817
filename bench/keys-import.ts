/**
 * Key file import: `POST /api/products/{id}/keys/file` of a generated .txt file of
 * `--lines` keys (default 1,000,000; 1 % duplicates and 1 % blank lines), streamed from disk by
 * the client as a browser would send it, into the real server on a fresh PostgreSQL database.
 * The upload answers 202 with the queued import, which the server runs in the background: the
 * bench reads `GET …/keys/imports/{importId}` until it ends, as the screen does. Reports the
 * upload's time, the time to done, keys/s and the server's peak RSS (VmHWM, /proc), and checks
 * the counts.
 *
 *   cd bench && npx tsx keys-import.ts [--lines 1000000]
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import { signIn } from './auth';
import { createBenchDatabase } from './database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ensureServerBuilt, startServer } from './server';

const log = (line: string) => console.log(line);
const argIndex = process.argv.indexOf('--lines');
const LINES = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 1_000_000;

/** A file of `lines` lines: keys, every 100th a repeat of the one before, every 100th+1 blank. */
async function writeKeyFile(file: string, lines: number) {
  const out = createWriteStream(file);
  const expected = { added: 0, duplicates: 0, blanks: 0 };
  let previous = '';
  for (let i = 0; i < lines; i++) {
    let line: string;
    if (i % 100 === 50 && previous) {
      line = previous;
      expected.duplicates++;
    } else if (i % 100 === 51) {
      line = '';
      expected.blanks++;
    } else {
      line = `BENCH-${i.toString(36).toUpperCase().padStart(6, '0')}-${randomBytes(6).toString('hex').toUpperCase()}`;
      previous = line;
      expected.added++;
    }
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return expected;
}

/** The process's peak resident set so far, in MB (VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function upload(
  url: string,
  cookie: string,
  file: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/octet-stream',
          'content-length': statSync(file).size,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

/** How often the job is read, as the screen does. */
const POLL_MS = 1000;

/** Reads the import until it is no longer queued or running. */
async function waitForImport(url: string, cookie: string): Promise<KeyImport> {
  for (;;) {
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok) throw new Error(`reading the import answered ${res.status}: ${await res.text()}`);
    const job = (await res.json()) as KeyImport;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main() {
  ensureServerBuilt(log);
  const dir = mkdtempSync(path.join(tmpdir(), 'km-bench-keys-'));
  const file = path.join(dir, 'keys.txt');
  log(`writing ${LINES.toLocaleString('en')} lines to ${file}`);
  const expected = await writeKeyFile(file, LINES);
  const size = statSync(file).size;
  const db = await createBenchDatabase();
  const server = await startServer({
    databaseUrl: db.url,
    keysSecret: randomBytes(32).toString('hex'),
  });
  try {
    const { rows: categories } = await db.pool.query<{ id: string }>(
      `insert into categories (name_en, name_fr, name_ar) values ('Bench', 'Bench', 'Bench') returning id`,
    );
    const { rows } = await db.pool.query<{ id: string }>(
      `insert into products (name, category_id, delivery_type, initial_price_cents, manager_price_cents, reseller_price_cents)
       values ('Bench key file', $1, 'instant', 100, 200, 300) returning id`,
      [categories[0]!.id],
    );
    const productId = rows[0]!.id;
    const cookie = await signIn(server.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    const rssBefore = peakRssMb(server.pid);
    const started = process.hrtime.bigint();
    const res = await upload(
      `${server.baseUrl}/api/products/${productId}/keys/file?name=keys.txt`,
      cookie,
      file,
    );
    const uploadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${res.body}`);
    const queued = JSON.parse(res.body) as KeyImport;
    const job = await waitForImport(
      `${server.baseUrl}/api/products/${productId}/keys/imports/${queued.id}`,
      cookie,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const result = {
      status: job.status,
      added: job.added,
      duplicates: job.duplicates,
      blanks: job.blanks,
      linesRead: job.linesRead,
      linesTotal: job.linesTotal,
      error: job.error,
    };
    // The stock as the server reads it: the column and the changes not yet folded into it.
    const { rows: stock } = await db.pool.query<{ n: number }>(
      `select (p.stock + coalesce((select sum(c.delta) from product_stock_changes c
         where c.product_id = p.id), 0))::int as n from products p where p.id = $1`,
      [productId],
    );
    const { rows: counted } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from product_keys where product_id = $1',
      [productId],
    );
    const ok =
      job.status === 'done' &&
      result.added === expected.added &&
      result.duplicates === expected.duplicates &&
      result.blanks === expected.blanks &&
      stock[0]!.n === expected.added &&
      counted[0]!.n === expected.added;
    log(
      JSON.stringify(
        {
          lines: LINES,
          fileMB: Math.round(size / 1024 / 1024),
          uploadSeconds: Math.round(uploadSeconds * 10) / 10,
          secondsToDone: Math.round(seconds * 10) / 10,
          keysPerSecond: Math.round(result.added / seconds),
          serverPeakRssMbBefore: rssBefore,
          serverPeakRssMb: peakRssMb(server.pid),
          result,
          stock: stock[0]!.n,
          expected,
          countsExact: ok,
        },
        null,
        2,
      ),
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
    await db.drop();
  }
}

await main();
