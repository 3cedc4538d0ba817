import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler';

/**
 * Serves the built SPA at / with a fallback to index.html for client-side routes. Unknown /api
 * paths stay JSON 404s. Hashed assets are cached for a year; index.html is always revalidated.
 * For the addresses the web build lists in its route preloads (an area's pages), index.html goes
 * out with `<link rel="modulepreload">` for the chunks that page will need, so they download
 * alongside the entry rather than one after another as each one runs.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const root =
    distDir && existsSync(path.join(distDir, 'index.html')) ? path.resolve(distDir) : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    const assets = path.join(root, 'assets');
    app.get('/assets/*', { config: {} }, (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const file = path.resolve(assets, name);
      // A chunk an older build named (a tab open across a deploy) is a 404, not the SPA shell:
      // a script answered with HTML fails to load as a script and says nothing of why.
      if (!file.startsWith(assets + path.sep) || !isFile(file)) {
        return sendError(reply, 'not_found', `No file /assets/${name}`);
      }
      return reply.sendFile(`assets/${name}`);
    });
  } else {
    app.log.warn('Web app not built: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (root && wantsPage && !pathname.startsWith('/api/') && pathname !== '/api') {
      // A file at the top of dist (favicon, robots.txt) or the SPA shell for a client route.
      const file = path.join(root, pathname);
      if (file.startsWith(root + path.sep) && isFile(file)) {
        return reply.sendFile(pathname.slice(1));
      }
      reply.header('cache-control', 'no-cache');
      const page = await indexWithPreloads(root, pathname);
      if (page !== null) return reply.type('text/html; charset=utf-8').send(page);
      return reply.sendFile('index.html');
    }
    return sendError(reply, 'not_found', `No route for ${request.method} ${pathname}`);
  });
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built index.html: the one that
 * applies the stored theme and language before the first paint. Read once at start: a rebuild
 * that changes that script needs a restart, as any change of headers does.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  if (!index || !existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** Written by the web build (apps/web/build/route-preloads.ts): `{ path, files }[]`. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

type RoutePreloads = { path: RegExp; files: string[] }[];

/**
 * index.html with a modulepreload link for each chunk the page at `pathname` will need, or null
 * when it needs none beyond what index.html lists (or the build wrote no list). Both files are
 * read on each call, so a rebuild is served at once, as sendFile would.
 */
async function indexWithPreloads(root: string, pathname: string): Promise<string | null> {
  const rules = await readRoutePreloads(root);
  const files = new Set(rules.filter((rule) => rule.path.test(pathname)).flatMap((r) => r.files));
  if (files.size === 0) return null;
  const html = await readFile(path.join(root, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return null;
  const links = [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

async function readRoutePreloads(root: string): Promise<RoutePreloads> {
  let list: { path: string; files: string[] }[];
  try {
    // Written by the web app's build (its route-preloads plugin), in this shape.
    list = JSON.parse(await readFile(path.join(root, ROUTE_PRELOADS_FILE), 'utf8')) as typeof list;
  } catch {
    return []; // An older build, or one made without the plugin: index.html as it is.
  }
  if (!Array.isArray(list)) return [];
  return list.map((rule) => ({
    path: new RegExp(rule.path),
    // Only the build's own scripts, whose names need no escaping in an attribute.
    files: rule.files.filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file)),
  }));
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
