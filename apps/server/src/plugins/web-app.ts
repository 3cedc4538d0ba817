import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler';

/**
 * Serves the built SPA at / with a fallback to index.html for client-side routes. Unknown /api
 * paths stay JSON 404s. Hashed assets are cached for a year; index.html is always revalidated.
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
    app.get('/assets/*', { config: {} }, (request, reply) =>
      reply.sendFile(`assets/${(request.params as { '*': string })['*']}`),
    );
  } else {
    app.log.warn('Web app not built: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (root && wantsPage && !pathname.startsWith('/api/') && pathname !== '/api') {
      // A file at the top of dist (favicon, robots.txt) or the SPA shell for a client route.
      const file = path.join(root, pathname);
      if (file.startsWith(root + path.sep) && isFile(file)) {
        return reply.sendFile(pathname.slice(1));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 'not_found', `No route for ${request.method} ${pathname}`);
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
