import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The two zod modules classic schemas import only to turn themselves into JSON Schema. */
const JSON_SCHEMA_MODULES = ['../core/json-schema-processors.js', '../core/to-json-schema.js'];
const STUB_PREFIX = '\0zod-without-json-schema:';

/**
 * Leaves zod's JSON Schema generation out of the browser bundle. zod 4's classic schemas import
 * it for `.toJSONSchema()` and `~standard.jsonSchema`, which the web app never calls, and a
 * bundler cannot drop it (the schemas' constructors reference it): it was about 4.5 KB of the
 * sign-in page's gzip budget. In the build only, those two imports of `zod/v4/classic/schemas.js`
 * resolve to a module with the same export names whose every function throws, named after the
 * real module's exports so a zod update that adds one still builds. The server and the unit
 * tests use zod as it is.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'keymarket:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !JSON_SCHEMA_MODULES.includes(source)) return null;
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      return STUB_PREFIX + path.resolve(path.dirname(importer), source);
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = readFileSync(id.slice(STUB_PREFIX.length), 'utf8');
      const names = [...real.matchAll(/^export (?:const|function|class|let) (\w+)/gm)].map(
        (match) => match[1],
      );
      return [
        'const unavailable = () => {',
        "  throw new Error('JSON Schema generation is left out of the browser build (build/zod-without-json-schema.ts)');",
        '};',
        ...names.map((name) => `export const ${name} = () => unavailable;`),
      ].join('\n');
    },
  };
}
