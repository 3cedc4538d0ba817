import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

/** The inline script that applies the stored theme and language before the first paint. */
const BOOT_SCRIPT = "document.documentElement.dataset.theme = 'light';";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script>${BOOT_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** What the web build writes (apps/web/build/route-preloads.ts). */
const ROUTE_PRELOADS = [
  {
    path: '^\\/(admin|manager|reseller)(\\/|$)',
    files: ['/assets/area-routes-1.js', '/assets/area-layout-2.js'],
  },
  {
    path: '^\\/(admin|manager|reseller)(\\/|\\/dashboard\\/?)?$',
    files: ['/assets/dashboard-3.js', '/assets/area-layout-2.js', '/elsewhere/evil.js'],
  },
];

function builtWebApp(preloads: unknown): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'keymarket-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'export {};\n');
  if (preloads !== undefined) {
    writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
  }
  return dist;
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the web app with route preloads', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = builtWebApp(ROUTE_PRELOADS);
    ctx = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lets the CSP run the inline boot script of index.html by its hash, and no other', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });

  it("sends an area's home with its route table, layout and dashboard preloaded", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Each file once, in the list's order; only the build's own assets.
    expect(preloadsOf(res.body)).toEqual([
      '/assets/area-routes-1.js',
      '/assets/area-layout-2.js',
      '/assets/dashboard-3.js',
    ]);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('keeps the security headers on the page it rewrites', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manager/dashboard?x=1' });
    expect(preloadsOf(res.body)).toContain('/assets/dashboard-3.js');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("preloads only what an area's other pages share", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/reseller/orders' });
    expect(preloadsOf(res.body)).toEqual(['/assets/area-routes-1.js', '/assets/area-layout-2.js']);
  });

  it('sends the sign-in page and other public pages as built', async () => {
    for (const url of ['/login', '/', '/home', '/administrator']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('still serves assets and answers unknown API paths with JSON', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/admin' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: { type: 'not_found' } });
  });

  it('answers a missing asset 404, never the SPA shell a script cannot run', async () => {
    for (const url of ['/assets/index-old.js', '/assets/nested/x.css', '/assets/..%2findex.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ message: { type: 'not_found' } });
    }
    // Dot segments leave /assets before routing: the shell, never a file beside dist.
    const climbing = await ctx.app.inject({ method: 'GET', url: '/assets/%2e%2e/%2e%2e/x.json' });
    expect(climbing.body).toBe(INDEX);
  });
});

describe('the web app without route preloads', () => {
  it.each([
    ['an older build (no list)', undefined],
    ['a list that is not JSON', 'not json'],
  ])('sends index.html as built for %s', async (_, preloads) => {
    const dist = builtWebApp(undefined);
    if (typeof preloads === 'string') {
      writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), preloads);
    }
    const ctx = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/admin/dashboard' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await ctx.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
