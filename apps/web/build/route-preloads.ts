import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** One rule: the addresses whose first page needs these modules (paths from the web app's root). */
export type RoutePreload = { path: RegExp; modules: string[] };

/**
 * What the server reads (`apps/server/src/plugins/app/web-app.ts`): for each rule, the chunks'
 * URLs.
 */
export type RoutePreloadList = { path: string; files: string[] }[];

/** Where in `dist` the list goes; not a page a browser is sent to. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes which chunks a first visit to some addresses needs beyond what index.html preloads
 * already, for the server to add as `<link rel="modulepreload">` to the page it sends for them:
 * an area's route table, layout and screen then download alongside the entry instead of one
 * after the other as each runs. The names come from this build's own bundle, so they stay right
 * after every build; the sign-in page's index.html is not touched.
 */
export function routePreloads(rules: RoutePreload[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'keymarket:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is OutputChunk => output.type === 'chunk',
      );
      // What index.html preloads already: the entry and everything it imports statically.
      const inIndex = staticClosure(
        bundle,
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
      );
      const list: RoutePreloadList = rules.map((rule) => {
        const starts = rule.modules.map((module) => {
          const id = path.resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) this.error(`route-preloads: no chunk of its own for ${module}`);
          return chunk.fileName;
        });
        const files = [...staticClosure(bundle, starts)].filter((file) => !inIndex.has(file));
        return { path: rule.path.source, files: files.map((file) => `${base}${file}`) };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(list, null, 2)}\n`,
      });
    },
  };
}

/**
 * The chunks `starts` are and import statically, at any depth (what loading them fetches),
 * breadth first: the starts themselves come first, in their order.
 */
function staticClosure(bundle: OutputBundle, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') pending.push(...output.imports);
  }
  return seen;
}
