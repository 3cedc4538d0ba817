import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const SERVER_MAIN = path.join(SERVER_DIR, 'dist/main.js');

export const ADMIN_USERNAME = 'bench_admin';
export const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd!';

/** Newest modification time under `dir` (source files only). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds apps/server when dist/main.js is missing, or older than the server or contracts
 * sources (a stale bundle would benchmark code that no longer exists). A failed rebuild of a
 * stale bundle falls back to the existing one with a warning.
 */
export function ensureServerBuilt(log: (line: string) => void) {
  const exists = existsSync(SERVER_MAIN);
  const sourcesMtime = Math.max(
    newestMtime(path.join(SERVER_DIR, 'src')),
    newestMtime(path.join(REPO_ROOT, 'packages/contracts/src')),
  );
  if (exists && statSync(SERVER_MAIN).mtimeMs >= sourcesMtime) return;
  log(exists ? 'apps/server/dist is older than its sources: rebuilding' : 'building apps/server');
  const result = spawnSync('npm', ['run', 'build', '-w', '@keymarket/server'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status === 0) return;
  const output = `${result.stdout}\n${result.stderr}`.trim();
  if (!exists) throw new Error(`npm run build -w @keymarket/server failed:\n${output}`);
  log(`WARNING: rebuild failed, benchmarking the existing dist/main.js:\n${output}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** The server's own DATABASE_POOL_MAX when none is set (`apps/server/src/env.ts`). */
export const DEFAULT_POOL_MAX = 32;

export interface ServerOptions {
  databaseUrl: string;
  /** DATABASE_POOL_MAX; undefined keeps the server's default (DEFAULT_POOL_MAX). */
  poolMax?: number;
  keysSecret: string;
  /** Write a V8 CPU profile of the server here when it stops (node --cpu-prof). */
  cpuProfileDir?: string;
  /** More environment for the server (e.g. a cache turned off). */
  env?: Record<string, string>;
  /** How long it may take to answer /api/ready (default 60 s); migrating a big database takes longer. */
  readySeconds?: number;
  /** DATA_DIR: a new temporary directory unless given (a restart keeps the one it had). */
  dataDir?: string;
  /** Another build's dist/main.js (an old commit's worktree, to compare); this checkout's by default. */
  serverMain?: string;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  pid: number;
  poolMax: string;
  logFile: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * `node apps/server/dist/main.js` with `npm start`'s flags on a free port of 127.0.0.1, ready when
 * /api/ready answers.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'km-bench-data-'));
  const logFile = path.join(dataDir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    // No index.html here: API only.
    WEB_DIST_DIR: dataDir,
    KEYS_SECRET: options.keysSecret,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    LOGIN_RATE_LIMIT: '100000',
    // The API's per-key limit (600 a minute) would refuse most of a load test's orders.
    API_RATE_LIMIT: '1000000000',
    // Every connection of a load comes from 127.0.0.1: no cap on connections from one address.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    // The outbox scenario's receiver listens on 127.0.0.1 over http.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ADMIN_USERNAME,
    ADMIN_EMAIL: 'bench-admin@keymarket.local',
    ADMIN_PASSWORD,
    ...options.env,
  };
  if (options.poolMax !== undefined) env.DATABASE_POOL_MAX = String(options.poolMax);
  const profile = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const main = options.serverMain ?? SERVER_MAIN;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, main], {
    cwd: options.serverMain ? path.resolve(path.dirname(main), '../../..') : REPO_ROOT,
    env,
  });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exit = exited(child);

  const baseUrl = `http://127.0.0.1:${port}`;
  const readySeconds = options.readySeconds ?? 60;
  const deadline = Date.now() + readySeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      await new Promise((r) => log.end(r));
      throw new Error(`server exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
    }
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `server not ready after ${readySeconds} s:\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    poolMax: env.DATABASE_POOL_MAX ?? `${DEFAULT_POOL_MAX} (default)`,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      await new Promise((r) => log.end(r));
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}
