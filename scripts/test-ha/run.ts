/**
 * `npm run test:ha` (DESIGN.md §15, docs/operations.md): the application through a database
 * failover. On loopback, in a temporary directory: etcd, two Patroni nodes in synchronous mode,
 * HAProxy (write port → primary, read port → standby) and two Keymarket instances. 32 buyers
 * place orders with Idempotency-Keys for 30 seconds; 10 seconds in, the primary's postmaster is
 * killed with SIGKILL. Then every key that did not get a 201 is tried again. It passes when every
 * 201 is an order that exists once, no key made two orders, the reconciliation holds on the new
 * primary, the old primary is back as a standby, writes were refused for at most 30 seconds and
 * nothing answered 500. Then, with the cluster whole again, the standby's postmaster is killed
 * while 8 readers pull the orders and audit CSV exports and the analytics through both instances
 * (DATABASE_READ_URL at HAProxy's read port): the reads must fall back to the primary within
 * seconds, every export that ends cleanly must hold every row, and one the kill broke must end
 * with a connection error, never a clean end. Everything it started is ended and its directory
 * removed, pass or fail.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedOrders, USER_PASSWORD } from '../../bench/seed';
import { HaCluster, HOST, NODE_NAMES, PORTS, sleep, waitFor, assertPortFree } from './cluster';
import {
  clientConnections,
  exportRowCounts,
  readUntil,
  type Read,
  type ReadKind,
} from './reads-under-replica-loss';
import {
  placeOrdersUntil,
  retryUnplaced,
  signIn,
  type Attempt,
  type Buyer,
} from './orders-under-failover';

const CLIENTS = 32;
const LOAD_MS = 30_000;
const KILL_AFTER_MS = 10_000;
const MAX_UNAVAILABLE_MS = 30_000;
const PAUSE_MS = 20;
const SERVER_PORTS = [13001, 13002];
/** The replica scenario: readers, how long they read, when the replica is killed. */
const READERS = 8;
const READ_MS = 15_000;
const REPLICA_KILL_AFTER_MS = 5000;
/**
 * After the replica's kill, reads may fail this long (HAProxy marks a server down after two
 * failed checks a second apart; the routing looks again once a second); after it, every read
 * must be answered from the primary.
 */
const READ_FALLBACK_MS = 3000;
const ADMIN = { username: 'bench_admin', password: 'Ha-Admin-Passw0rd!' };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const say = (line: string) =>
  console.log(`[test:ha ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<number> {
  for (const port of [
    PORTS.etcdClient,
    PORTS.etcdPeer,
    ...PORTS.postgres,
    ...PORTS.patroniRest,
    PORTS.haproxyWrite,
    PORTS.haproxyRead,
    ...SERVER_PORTS,
  ]) {
    await assertPortFree(port);
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'km-ha-'));
  // The postgres user runs PostgreSQL under it.
  chmodSync(directory, 0o755);
  const cluster = new HaCluster(directory);
  let failed = true;
  const stopping = async () => {
    say('interrupted: cleaning up');
    await cluster.stopAll();
    rmSync(directory, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', () => void stopping());
  process.once('SIGTERM', () => void stopping());
  try {
    failed = !(await scenario(cluster));
    return failed ? 1 : 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    if (failed) printLogs(cluster);
    await cluster.stopAll();
    rmSync(directory, { recursive: true, force: true });
    say('cleaned up');
  }
}

function printLogs(cluster: HaCluster) {
  for (const name of [...NODE_NAMES, 'haproxy', 'server1', 'server2']) {
    try {
      const text = readFileSync(cluster.logOf(name), 'utf8');
      console.error(`--- last lines of ${name}.log\n${text.split('\n').slice(-40).join('\n')}`);
    } catch {
      // never started
    }
  }
}

async function scenario(cluster: HaCluster): Promise<boolean> {
  say(`etcd, Patroni (${cluster.binDir}), HAProxy in ${cluster.directory}`);
  await cluster.startEtcd();
  // Setting up is not what this measures, and CI runs it beside the other suites as they start
  // (docs/adr/0068-tests-side-by-side-on-two-cores.md): the first node's initdb once took over a
  // minute there. Generous guards against a hang, no more.
  cluster.startPatroni(0);
  const first = await waitFor('the first primary', 240_000, () => cluster.leader());
  cluster.startPatroni(1);
  await waitFor('a synchronous standby', 240_000, () => cluster.syncStandby());
  cluster.startHaproxy();
  const writePool = new pg.Pool({ connectionString: cluster.writeUrl, max: 4 });
  writePool.on('error', () => {});
  try {
    await waitFor('HAProxy to reach the primary', 30_000, async () =>
      (await writePool.query('select 1')).rowCount === 1 ? true : undefined,
    );
    say(`cluster up: primary ${first.name}, synchronous standby streaming`);

    const keysSecret = randomBytes(32).toString('hex');
    const jwtSecret = randomBytes(32).toString('hex');
    const instances = await Promise.all(
      SERVER_PORTS.map((port, i) =>
        startInstance(cluster, `server${i + 1}`, port, keysSecret, jwtSecret),
      ),
    );
    say(`Keymarket instances up: ${instances.join(', ')}`);

    const seed = await seedOrders(writePool, keysSecret, {
      resellers: CLIENTS,
      keys: 40_000,
      spreadKeys: 0,
      log: () => {},
    });
    const buyers: Buyer[] = await Promise.all(
      seed.platformResellers.map(async (username, i) => ({
        username,
        cookie: await signIn(instances[i % instances.length]!, username, USER_PASSWORD),
      })),
    );
    say(`seeded ${buyers.length} buyers and 40,000 keys; placing orders for ${LOAD_MS / 1000} s`);

    const attempts: Attempt[] = [];
    const started = Date.now();
    let killedAt = 0;
    const killer = (async () => {
      await sleep(KILL_AFTER_MS);
      const leader = await cluster.leader();
      if (!leader) throw new Error('no primary to kill');
      const pid = cluster.killPostmaster(leader.name);
      killedAt = Date.now();
      say(`SIGKILL to ${leader.name}'s postmaster (pid ${pid})`);
      return leader.name;
    })();
    await placeOrdersUntil({
      buyers,
      instances,
      productId: seed.productId,
      until: started + LOAD_MS,
      pauseMs: PAUSE_MS,
      onAttempt: (attempt) => attempts.push(attempt),
    });
    const killed = await killer;
    const firstPhase = [...attempts];
    const leaderAfter = await waitFor('a new primary', 60_000, () => cluster.leader());
    say(`load done; primary now ${leaderAfter.name}; retrying what was not placed`);

    const retry = await retryUnplaced({
      buyers,
      instances,
      productId: seed.productId,
      attempts: firstPhase,
      deadline: Date.now() + 60_000,
      onAttempt: (attempt) => attempts.push(attempt),
    });

    const problems: string[] = [];
    if (retry.stillUnplaced.length > 0) {
      problems.push(
        `${retry.stillUnplaced.length} keys never got a 201: ${retry.stillUnplaced.slice(0, 5).join(', ')}`,
      );
    }
    const errors = attempts.filter((a) => a.status >= 500 && a.status !== 503);
    if (errors.length > 0)
      problems.push(
        `${errors.length} answers were 5xx other than 503 (first: ${errors[0]!.status})`,
      );
    const unexpected = attempts.filter(
      (a) => a.status !== 0 && a.status !== 201 && a.status !== 503,
    );
    if (unexpected.length > 0) {
      problems.push(
        `${unexpected.length} unexpected answers: ${[...new Set(unexpected.map((a) => `${a.status} ${a.errorType}`))].join(', ')}`,
      );
    }
    const wrong503 = attempts.filter((a) => a.status === 503 && a.errorType !== 'unavailable');
    if (wrong503.length > 0) problems.push(`${wrong503.length} 503 answers were not 'unavailable'`);

    problems.push(...(await checkExactlyOnce(writePool, buyers, attempts)));

    const unavailableMs = unavailability(firstPhase, killedAt);
    if (unavailableMs > MAX_UNAVAILABLE_MS) {
      problems.push(
        `writes were refused for ${(unavailableMs / 1000).toFixed(1)} s (at most 30 s)`,
      );
    }

    const reconciliation = await adminReconciliation(instances[0]!, 'POST');
    if (!reconciliation.ok)
      problems.push(`reconciliation failed: ${reconciliation.failed.join(', ')}`);

    const rejoined = await waitFor(`${killed} to rejoin as a standby`, 90_000, async () => {
      const member = (await cluster.members()).find((m) => m.name === killed);
      return member &&
        (member.role === 'sync_standby' || member.role === 'replica') &&
        ['running', 'streaming'].includes(member.state)
        ? member
        : undefined;
    }).catch((error: unknown) => {
      problems.push(String(error));
      return undefined;
    });

    // Each instance's LISTEN connection (live notifications) found the new primary by itself.
    const listening = await waitFor(
      'both instances to LISTEN on the new primary',
      30_000,
      async () => {
        const { rows } = await writePool.query<{ listeners: number }>(
          `select count(*)::int as listeners from pg_stat_activity where query ilike 'listen %'`,
        );
        return rows[0]!.listeners >= instances.length ? rows[0]!.listeners : undefined;
      },
    ).catch((error: unknown) => {
      problems.push(String(error));
      return 0;
    });
    for (const instance of instances) {
      const ready = await fetch(`${instance}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) problems.push(`${instance} is not ready after the failover`);
    }

    // With the old primary back as a standby, the read port has a replica to route to again.
    const onReplica = await adminReconciliation(instances[1]!, 'GET');
    if (!onReplica.ok)
      problems.push(`reconciliation read from the standby failed: ${onReplica.failed.join(', ')}`);

    const answered = firstPhase.filter((a) => a.status === 201).length;
    const refused = firstPhase.filter((a) => a.status !== 0 && a.status !== 201).length;
    const unanswered = firstPhase.filter((a) => a.status === 0).length;
    console.log('');
    console.log('test:ha results');
    console.log(
      `  orders attempted in ${LOAD_MS / 1000} s by ${CLIENTS} clients: ${firstPhase.length}`,
    );
    console.log(`  answered 201:                 ${answered}`);
    console.log(`  refused (503 unavailable):    ${refused}`);
    console.log(`  never answered:               ${unanswered}`);
    console.log(
      `  retried with their key:       ${retry.retried} (all placed: ${retry.stillUnplaced.length === 0})`,
    );
    console.log(
      `  writes refused for:           ${(unavailableMs / 1000).toFixed(1)} s after the kill`,
    );
    console.log(
      `  primary: ${first.name} → ${leaderAfter.name}; ${killed} rejoined: ${rejoined ? rejoined.role : 'no'}`,
    );
    console.log(`  LISTEN connections on the new primary: ${listening}`);
    console.log(`  reconciliation on the new primary: ${reconciliation.ok ? 'ok' : 'FAILED'}`);
    console.log(`  reconciliation read from the standby: ${onReplica.ok ? 'ok' : 'FAILED'}`);
    if (problems.length > 0) {
      console.log('FAILED:');
      for (const problem of problems) console.log(`  - ${problem}`);
    } else console.log('passed');
    console.log('');

    if (!rejoined) {
      console.log('replica loss: not run (no standby to kill)');
      return false;
    }
    const readsPassed = await replicaLossScenario(cluster, instances, writePool);
    return problems.length === 0 && readsPassed;
  } finally {
    await writePool.end().catch(() => {});
  }
}

/**
 * The second scenario: with the cluster whole again, the standby's postmaster is killed while
 * readers pull the orders and audit exports and the analytics through both instances (reading
 * DATABASE_READ_URL, HAProxy's read port). It passes when the reads fell back to the primary
 * (every read started `READ_FALLBACK_MS` after the kill answered 200 and whole), every export
 * that ended cleanly held every row, one that broke ended with a connection error, and nothing
 * answered 500 or not at all.
 */
async function replicaLossScenario(
  cluster: HaCluster,
  instances: string[],
  writePool: pg.Pool,
): Promise<boolean> {
  const replica = await waitFor('a streaming standby', 60_000, () => cluster.syncStandby());
  const replicaPort = PORTS.postgres[NODE_NAMES.indexOf(replica.name)]!;
  const direct = new pg.Pool({
    connectionString: `postgres://postgres@${HOST}:${replicaPort}/postgres`,
    max: 1,
  });
  direct.on('error', () => {});
  try {
    const cookie = await signIn(instances[0]!, ADMIN.username, ADMIN.password);
    const before = await exportRowCounts(writePool);
    say(
      `replica loss: ${READERS} readers for ${READ_MS / 1000} s (orders and audit CSV, analytics); ` +
        `${before['orders.csv']} orders, ${before['audit.csv']} audit rows`,
    );
    const reads: Read[] = [];
    const started = Date.now();
    let killedAt = 0;
    let onReplica = 0;
    const killer = (async () => {
      await sleep(REPLICA_KILL_AFTER_MS);
      onReplica = await clientConnections(direct).catch(() => -1);
      const pid = cluster.killPostmaster(replica.name);
      killedAt = Date.now();
      say(`SIGKILL to ${replica.name}'s postmaster (pid ${pid}), the standby`);
    })();
    await readUntil({
      clients: READERS,
      instances,
      cookie,
      until: started + READ_MS,
      onRead: (read) => reads.push(read),
    });
    await killer;
    const after = await exportRowCounts(writePool);
    const back = await waitFor(`${replica.name} to stream again`, 60_000, async () => {
      const member = (await cluster.members()).find((m) => m.name === replica.name);
      return member &&
        (member.role === 'sync_standby' || member.role === 'replica') &&
        ['running', 'streaming'].includes(member.state)
        ? Date.now()
        : undefined;
    }).catch(() => undefined);

    const problems: string[] = [];
    const isCsv = (kind: ReadKind) => kind === 'orders.csv' || kind === 'audit.csv';
    const truncated = reads.filter(
      (r) =>
        r.body === 'whole' &&
        isCsv(r.kind) &&
        (r.rows! < before[r.kind] || r.rows! > after[r.kind]),
    );
    if (truncated.length > 0) {
      const first = truncated[0]!;
      problems.push(
        `${truncated.length} exports ended cleanly with rows missing (first: ${first.kind}, ` +
          `${first.rows} rows of ${before[first.kind]})`,
      );
    }
    const errors = reads.filter((r) => r.status >= 500 && r.status !== 503);
    if (errors.length > 0) problems.push(`${errors.length} reads answered ${errors[0]!.status}`);
    const unanswered = reads.filter((r) => r.status === 0);
    if (unanswered.length > 0) problems.push(`${unanswered.length} reads got no answer at all`);
    const failed = (r: Read) => r.status !== 200 || r.body === 'cut';
    const lateFailures = reads.filter(
      (r) => r.startedAt >= killedAt + READ_FALLBACK_MS && failed(r),
    );
    if (lateFailures.length > 0) {
      problems.push(
        `${lateFailures.length} reads started over ${READ_FALLBACK_MS / 1000} s after the kill ` +
          `failed (first: ${lateFailures[0]!.kind} ${lateFailures[0]!.status} ${lateFailures[0]!.body ?? ''})`,
      );
    }
    const kinds: ReadKind[] = ['orders.csv', 'audit.csv', 'dashboard', 'revenue'];
    for (const kind of kinds) {
      for (const instance of instances) {
        const served = reads.some(
          (r) => r.kind === kind && r.instance === instance && r.startedAt > killedAt && !failed(r),
        );
        if (!served) problems.push(`no ${kind} read was answered by ${instance} after the kill`);
      }
    }
    const failures = reads.filter(failed);
    const lastFailure = Math.max(0, ...failures.map((r) => r.endedAt - killedAt));
    const lastFailedStart = Math.max(...failures.map((r) => r.startedAt - killedAt));

    console.log('test:ha results: replica loss during exports and analytics');
    console.log(`  reads by ${READERS} clients in ${READ_MS / 1000} s: ${reads.length}`);
    for (const kind of kinds) {
      const of = reads.filter((r) => r.kind === kind);
      const ok = of.filter((r) => !failed(r));
      const afterKill = ok.filter((r) => r.startedAt > killedAt).length;
      const statuses = [
        ...new Set(of.filter(failed).map((r) => `${r.status}${r.body ? ` ${r.body}` : ''}`)),
      ];
      console.log(
        `  ${kind.padEnd(11)} ${String(of.length).padStart(4)} reads, ${String(ok.length).padStart(4)} ` +
          `whole 200 (${afterKill} started after the kill)` +
          (of.length > ok.length
            ? `, ${of.length - ok.length} failed: ${statuses.join(', ')}`
            : ''),
      );
    }
    const cut = reads.filter((r) => r.body === 'cut').length;
    const refused = reads.filter((r) => r.status === 503).length;
    console.log(`  exports cut off with a connection error: ${cut}`);
    console.log(`  refused (503):                           ${refused}`);
    console.log(`  exports ended cleanly with rows missing: ${truncated.length}`);
    console.log(
      `  reads failing until:                     ${
        failures.length > 0
          ? `${(lastFailure / 1000).toFixed(1)} s after the kill (the last started ${(lastFailedStart / 1000).toFixed(1)} s after it)`
          : 'none failed'
      }`,
    );
    console.log(`  client connections on the replica before the kill: ${onReplica}`);
    console.log(
      `  ${replica.name} streaming again: ${back ? `${((back - killedAt) / 1000).toFixed(1)} s after the kill` : 'no'}`,
    );
    if (problems.length > 0) {
      console.log('FAILED:');
      for (const problem of problems) console.log(`  - ${problem}`);
      return false;
    }
    console.log('passed');
    return true;
  } finally {
    await direct.end().catch(() => {});
  }
}

async function startInstance(
  cluster: HaCluster,
  name: string,
  port: number,
  keysSecret: string,
  jwtSecret: string,
): Promise<string> {
  const dataDir = path.join(cluster.directory, name);
  cluster.start(name, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      DATABASE_URL: cluster.writeUrl,
      DATABASE_READ_URL: cluster.readUrl,
      DATABASE_POOL_MAX: '16',
      KEYS_SECRET: keysSecret,
      JWT_SECRET: jwtSecret,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOGIN_RATE_LIMIT: '100000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: 'ha-admin@keymarket.local',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://${HOST}:${port}`;
  await waitFor(`${name} to be ready`, 90_000, async () =>
    (await fetch(`${url}/api/ready`)).ok ? true : undefined,
  );
  return url;
}

/**
 * Every 201 is an order that exists, each key answered one order id however often it was tried,
 * and each buyer has exactly the orders its keys answered: no key made two, none made one unseen.
 */
async function checkExactlyOnce(
  pool: pg.Pool,
  buyers: Buyer[],
  attempts: Attempt[],
): Promise<string[]> {
  const problems: string[] = [];
  const orderOfKey = new Map<string, string>();
  for (const attempt of attempts) {
    if (attempt.status !== 201) continue;
    if (!attempt.orderId) {
      problems.push(`a 201 for ${attempt.key} carried no order id`);
      continue;
    }
    const earlier = orderOfKey.get(attempt.key);
    if (earlier && earlier !== attempt.orderId) {
      problems.push(`key ${attempt.key} answered two orders: ${earlier} and ${attempt.orderId}`);
    }
    orderOfKey.set(attempt.key, attempt.orderId);
  }
  const { rows } = await pool.query<{ username: string; id: string }>(
    `select u.username, o.id from orders o join users u on u.id = o.buyer_id
     where u.username = any($1::text[])`,
    [buyers.map((b) => b.username)],
  );
  const stored = new Set(rows.map((r) => r.id));
  const answered = new Set(orderOfKey.values());
  const missing = [...answered].filter((id) => !stored.has(id));
  if (missing.length > 0)
    problems.push(`${missing.length} orders answered 201 are not on the new primary`);
  const extra = rows.filter((r) => !answered.has(r.id));
  if (extra.length > 0)
    problems.push(`${extra.length} orders exist that no answer named (a key placed twice?)`);
  if (rows.length !== orderOfKey.size) {
    problems.push(`${rows.length} orders for ${orderOfKey.size} keys placed`);
  }
  return problems;
}

/**
 * How long writes were refused: from the kill to the first 201 of an order sent after it (an
 * order under way at the kill may still have committed).
 */
function unavailability(attempts: Attempt[], killedAt: number): number {
  const placedAfter = attempts
    .filter((a) => a.status === 201 && a.startedAt >= killedAt)
    .map((a) => a.endedAt)
    .sort((a, b) => a - b);
  return placedAfter.length > 0 ? placedAfter[0]! - killedAt : Infinity;
}

/**
 * The reconciliation checks through the API: the POST runs them on the primary, the GET on the
 * standby behind HAProxy's read port when it is close behind (DATABASE_READ_URL).
 */
async function adminReconciliation(
  instance: string,
  method: 'POST' | 'GET',
): Promise<{ ok: boolean; failed: string[] }> {
  const cookie = await signIn(instance, ADMIN.username, ADMIN.password);
  const response = await fetch(`${instance}/api/admin/reconciliation`, {
    method,
    headers: { cookie },
  });
  if (response.status !== 200)
    return { ok: false, failed: [`answered ${response.status}: ${await response.text()}`] };
  const body = (await response.json()) as { ok: boolean; checks: { name: string; ok: boolean }[] };
  return { ok: body.ok, failed: body.checks.filter((c) => !c.ok).map((c) => c.name) };
}

// Exits at once: a client's keep-alive socket to a stopped instance must not hold the result up.
process.exit(await main());
