#!/usr/bin/env node
/**
 * Runs the browser suite as E2E_SHARDS (default 1) Playwright processes side by side, each with
 * its own server, database and port (E2E_PORT + 10 i), so that specs changing site-wide settings
 * (maintenance, registration, language) never meet another shard's tests. Fails when any shard
 * fails. Extra arguments go to every shard (e.g. a spec file or -g).
 *
 * One by default, for a person running the suite beside other work; CI runs two
 * (docs/adr/0068-tests-side-by-side-on-two-cores.md). Once the suite stopped sweeping every
 * language, theme and width, Chromium and the server waited on each other for most of a test, and
 * two shards beside npm test and the failover test took 794 s where one had taken about 1,450 s
 * (2026-12-07, a 2-core machine). Before that, two shards had made each test 2.3 to 3 times
 * slower (2026-11-28).
 */
import { spawn, spawnSync } from 'node:child_process';

const shards = Number(process.env.E2E_SHARDS ?? 1);
const basePort = Number(process.env.E2E_PORT ?? 3310);
const extraArgs = process.argv.slice(2);
/**
 * Ten ports apart: a shard's specs also listen on its port plus an offset (a supplier's server at
 * +3000 and +3001, the email receiver at +1000, the Stripe stand-in at +2000), which must not meet
 * the next shard's.
 */
const shardPort = (index) => basePort + index * 10;

/**
 * A shard's throw-away PostgreSQL database (`keymarket_e2e_<port>`, which playwright.config.ts
 * makes afresh when the shard's server starts), dropped once Playwright has stopped that server,
 * so that a run leaves nothing behind on the machine's PostgreSQL.
 */
function dropShardDatabase(port) {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return;
  const drop = `drop database if exists keymarket_e2e_${port} with (force)`;
  const result = spawnSync('psql', [server, '-q', '-c', drop], { encoding: 'utf8' });
  if (result.status !== 0) console.error(`could not drop keymarket_e2e_${port}: ${result.stderr}`);
}

function runShard(index) {
  const args = ['playwright', 'test', ...extraArgs];
  if (shards > 1) args.push(`--shard=${index + 1}/${shards}`);
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(shardPort(index)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[shard ${index + 1}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      dropShardDatabase(shardPort(index));
      resolve(code ?? 1);
    }),
  );
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index)));
const failed = codes.map((code, index) => ({ code, shard: index + 1 })).filter((s) => s.code);
for (const { code, shard } of failed)
  console.error(`shard ${shard}/${shards} failed (exit ${code})`);
process.exit(failed.length ? 1 : 0);
