// Every file a comment or a document names must exist. Finds path-like names (a name ending in
// a known file extension, with or without folders: `modules/stock/stock.ts`, `key-file.ts`,
// `.dependency-cruiser.mjs`, `docs/adr/README.md`) in the comments of source files and in
// markdown, and fails listing those that match no file. A name matches a file when it resolves
// from the repository's root or from the mentioning file's folder, or when it is the end of some
// file's path (`lib/settings.ts` is apps/server/src/lib/settings.ts; a bare name matches a file
// of that name anywhere). Skipped: addresses (`https://…`), names inside npm packages
// (`zod/v4/core/…`), globs and templates (`*`, `<feature>`, `{a,b}`, `$VAR`), and IGNORED below.
// Run by `npm run lint`; `node scripts/check-paths.mjs` on its own.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Names that are not files of this repository, each with why.
const IGNORED = new Set([
  // Product names, not files.
  'Node.js',
  // Build outputs: they exist after `npm run build`, not in a clean clone.
  'dist/main.js',
  'apps/server/dist/main.js',
  'main.js',
  'dist/.vite/route-preloads.json',
  'route-preloads.json',
  // Vite's build manifest, named where the server does not read it.
  'manifest.json',
  // The specification and the design document live beside the repository, not in it.
  '../shared/000_a9a4c304a4199ad1.txt',
  'DESIGN.md',
  'STYLE.md',
  // Another project's file, named as the model followed (immich's access checks).
  'utils/access.ts',
]);

// Short names the code uses for a workspace's sources.
const ALIASES = [['contracts/', 'packages/contracts/src/']];

const EXTENSIONS = 'ts|tsx|mts|cts|mjs|cjs|js|jsx|json|md|sql|sh|ya?ml|css|html|toml';
const CANDIDATE = new RegExp(`[\\w.@$<>{}*\\[\\]~+/-]*\\.(?:${EXTENSIONS})(?![\\w-]|\\.\\w)`, 'g');
const SOURCE = /\.(?:ts|tsx|mts|cts|mjs|cjs|js|jsx|sql|css)$/;

const listed = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)));
const files = new Set(listed);
const folders = new Set(listed.flatMap((file) => ancestors(file)));

function ancestors(file) {
  const parts = file.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The comments of a source file, as [text, line] pairs (strings and templates skipped). */
function commentsOf(text, sql) {
  const out = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      continue;
    }
    const lineComment = sql ? c === '-' && text[i + 1] === '-' : c === '/' && text[i + 1] === '/';
    if (lineComment) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out.push([text.slice(i, stop), line]);
      i = stop - 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out.push([text.slice(i, stop), line]);
      for (let j = i; j < stop; j++) if (text[j] === '\n') line++;
      i = stop - 1;
    } else if (c === "'" || c === '"' || c === '`') {
      // A string: skip to its end (a quote or backtick string ends at its line's end at most,
      // so a regular expression holding a quote cannot swallow the rest of the file).
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') {
          if (c !== '`') break;
          line++;
        }
        j++;
      }
      i = text[j] === '\n' ? j - 1 : j;
    }
  }
  return out;
}

/** A file inside an npm package (`zod/v4/core/…`), or a package named like a file (`ipaddr.js`). */
function inPackage(name) {
  const parts = name.split('/');
  const pkg = parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return existsSync(path.join(root, 'node_modules', pkg, 'package.json'));
}

function exists(name, from) {
  let clean = name.replace(/^\.\//, '');
  for (const [short, long] of ALIASES)
    if (clean.startsWith(short)) clean = long + clean.slice(short.length);
  const candidates = [
    path.posix.normalize(clean),
    path.posix.join(path.posix.dirname(from), clean),
  ];
  if (candidates.some((c) => files.has(c) || folders.has(c))) return true;
  if (clean.startsWith('../')) return false;
  // `.service.ts` after a name left out (`<feature>.routes.ts → .service.ts`): a suffix.
  const suffix = /^\.[\w-]+\.\w+$/.test(clean) && !clean.includes('/') ? clean : `/${clean}`;
  for (const file of files) if (file === clean || file.endsWith(suffix)) return true;
  return false;
}

function namesIn(text) {
  const found = [];
  for (const match of text.matchAll(CANDIDATE)) {
    let name = match[0].replace(/^[.]+(?=[^./])/, (dots) => (dots === '.' ? '.' : ''));
    name = name.replace(/^[~+-]+/, '');
    const start = match.index;
    const before = text.slice(Math.max(0, start - 200), start);
    const word = before.slice(before.search(/\S*$/)) + match[0];
    if (
      /:\/\/|^www\.|^\/\//.test(word) ||
      (/[:/]\/?$/.test(before) && /https?:\/?\/?$/.test(before))
    )
      continue;
    if (/[<>{}*[\]$]/.test(name)) continue;
    if (!/[\w]/.test(name.replace(/\.[a-z]+$/, ''))) continue; // ".ts" alone: an extension
    if (name.startsWith('/')) continue; // an absolute path on some machine or a route
    found.push([name, start]);
  }
  return found;
}

const missing = [];
for (const file of listed) {
  if (file.startsWith('bench/results/') || file.includes('/dist/')) continue;
  const isMarkdown = file.endsWith('.md');
  if (!isMarkdown && !SOURCE.test(file)) continue;
  if (file === 'scripts/check-paths.mjs') continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  const chunks = isMarkdown ? [[text, 1]] : commentsOf(text, file.endsWith('.sql'));
  for (const [chunk, firstLine] of chunks) {
    for (const [name, offset] of namesIn(chunk)) {
      if (IGNORED.has(name) || inPackage(name) || exists(name, file)) continue;
      const line = firstLine + chunk.slice(0, offset).split('\n').length - 1;
      missing.push(`${file}:${line}: ${name}`);
    }
  }
}

if (missing.length > 0) {
  console.error(`Files named in comments or documents that do not exist (${missing.length}):`);
  for (const entry of missing) console.error(`  ${entry}`);
  console.error('Point each to the file that exists now, or list a name that is not a file in');
  console.error('IGNORED (scripts/check-paths.mjs), saying why.');
  process.exit(1);
}
