/**
 * Lighthouse (desktop preset) on /login and on the admin area's home, in Debian's Chromium.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [runs]
 *
 * Starts the built server on a throw-away PGlite directory, signs the admin in through the API
 * and hands its cookies to Lighthouse for the admin page. Prints the median of `runs` (default 3)
 * for LCP, TBT and CLS against the targets: LCP ≤ 1.2 s, TBT ≤ 200 ms, CLS ≤ 0.1.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort, REPO_ROOT } from './server';

const ADMIN = { username: 'lighthouse_admin', password: 'Lighthouse-Passw0rd!' };
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { lcpMs: 1200, tbtMs: 200, cls: 0.1 };

type Figures = {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  score: number;
  /** What moved, for a CLS to explain: the element and its share of the score. */
  shifts: string[];
  lcpElement: string;
};

async function startServer(port: number, dataDir: string) {
  const main = path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const webDist = process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(main) || !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('Run `npm run build` first: apps/server/dist and apps/web/dist are needed.');
  }
  // PGlite in a throw-away directory: the pages, not the database, are measured here.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const server = spawn('node', [main], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { server, origin };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('The server did not become ready within 60 s');
}

async function adminCookies(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ identifier: ADMIN.username, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function measure(url: string, port: number, cookie?: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    // The whole report (trace-derived audits: critical chains, LCP breakdown, network requests)
    // for a closer look: LIGHTHOUSE_JSON_DIR=/tmp/lh npx tsx bench/lighthouse.ts
    mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(result.lhr));
  }
  const { audits, categories } = result.lhr;
  return {
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    score: Math.round((categories.performance?.score ?? 0) * 100),
    shifts: layoutShifts(audits['layout-shifts']?.details),
    // JSON.stringify answers undefined for undefined, which its type omits.
    lcpElement: (
      (JSON.stringify(audits['largest-contentful-paint-element']?.details) as string | undefined) ??
      result.lhr.runtimeError?.code ??
      'none'
    ).slice(0, 900),
  };
}

function layoutShifts(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.map((item) => {
    const { node, score } = item as {
      node?: { selector?: string; snippet?: string };
      score?: number;
    };
    return `${(score ?? 0).toFixed(3)} ${node?.selector ?? '?'} ${node?.snippet?.slice(0, 100) ?? ''}`;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summarise(page: string, runs: Figures[]): string {
  const lcp = median(runs.map((run) => run.lcpMs));
  const tbt = median(runs.map((run) => run.tbtMs));
  const cls = median(runs.map((run) => run.cls));
  const score = median(runs.map((run) => run.score));
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  return [
    `${page} (median of ${runs.length}, performance score ${score})`,
    `  LCP ${(lcp / 1000).toFixed(2)} s  target ≤ 1.2 s  ${verdict(lcp <= TARGETS.lcpMs)}`,
    `  TBT ${Math.round(tbt)} ms  target ≤ 200 ms  ${verdict(tbt <= TARGETS.tbtMs)}`,
    `  CLS ${cls.toFixed(3)}  target ≤ 0.1  ${verdict(cls <= TARGETS.cls)}`,
    `    LCP element (last run): ${runs.at(-1)!.lcpElement}`,
    ...(cls > 0 ? runs.at(-1)!.shifts.map((shift) => `    shifted (last run): ${shift}`) : []),
  ].join('\n');
}

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keymarket-lighthouse-'));
  const { server, origin } = await startServer(await freePort(), dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const cookie = await adminCookies(origin);
    const pages: [string, string, string | undefined][] = [
      ['/login', `${origin}/login`, undefined],
      ['/admin', `${origin}/admin`, cookie],
    ];
    for (const [name, url, pageCookie] of pages) {
      const figures: Figures[] = [];
      // A run whose trace broke (NO_NAVSTART and the like) has no figures: it is run again.
      for (let attempt = 0; figures.length < runs && attempt < runs * 2; attempt += 1) {
        const run = await measure(url, chrome.port, pageCookie);
        if (Number.isFinite(run.lcpMs)) figures.push(run);
        else console.warn(`${name}: a run without figures (${run.lcpElement}), run again`);
      }
      console.log(summarise(name, figures));
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
