import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeptList, ListKeeper } from './product-list-cache';
import { PRODUCTS_PER_PIECE } from './product-list-render';
import { decodeFragments, decodeList, encodeFragments, encodeList } from './product-list-encoding';
import type { Fragment, FragmentKeeper } from '../products/product-fragments';

/**
 * The product lists' work kept on disk in DATA_DIR, so that the first list after a restart is
 * not built and compressed from nothing (bench/results/products.md: 474 ms on the quiet machine before):
 * - the products' shared JSON (product-fragments.ts), one file for every list, each product's
 *   used only while its version (the rows' xmin) is the database's now; it holds no prices and
 *   no stock, which every build reads afresh; the file is for one database and run of its server
 *   (`databaseIdentity`);
 * - the last lists served (product-list-cache.ts `KeptList`): the kept bytes and the compressed
 *   pieces of each, with the fingerprint it was built for, which holds the same identity. A list
 *   is used again only while the database's fingerprint for it is that one; otherwise its pieces
 *   are taken again only where their bytes and stock are those of the list built afresh.
 * Both are for one build of the code (`code`, the hash of the server's bundle and Node's
 * version), since the code decides what they hold: a deploy starts with an empty store.
 * Writing is to a new file renamed over the old one, so a reader sees a whole file or none.
 *
 * The files are in Node's own serialization (`v8.serialize`, product-list-encoding.ts), not a
 * layout of our own: a store is for one build and one Node version anyway, and reading a list back
 * costs slices of the file's bytes either way. Kept at all because the first answer after a
 * restart took ×4–8 as long with no store, and ×2–6 with the lists kept as JSON lines, against the
 * ≤ 150 ms asked of it (bench/results/products.md, "The priced list and the stock apart, measured
 * against the list as it is").
 */

/** Bumped when what a file holds changes (product-list-encoding.ts). */
const FORMAT = 'keymarket-product-lists-4';
/** Lists kept on disk at most, the most recently written (~8.5 MB each for 10,000 products). */
const KEPT_LISTS_MAX = 16;

export class ProductListStore implements FragmentKeeper, ListKeeper {
  private readonly fragmentsFile: string;
  private readonly listsDir: string;

  constructor(
    dir: string,
    /** What the kept bytes depend on in the code; see `bundleIdentity`. */
    private readonly code: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.fragmentsFile = path.join(dir, 'fragments.bin');
    this.listsDir = path.join(dir, 'lists');
  }

  /** The kept fragments when the file is of this code and `database`; none otherwise. */
  async loadFragments(database: string): Promise<Map<string, Fragment>> {
    const file = await this.read(this.fragmentsFile);
    if (!file) return new Map();
    try {
      return decodeFragments(file, this.header('fragments', database));
    } catch (error) {
      this.onError(error);
      return new Map();
    }
  }

  async saveFragments(database: string, fragments: readonly [string, Fragment][]) {
    await this.write(this.fragmentsFile, () =>
      encodeFragments(this.header('fragments', database), fragments),
    );
  }

  /** The list last kept for `key`, if it was kept by this code. */
  async loadList(key: string): Promise<KeptList | undefined> {
    const file = await this.read(this.listFile(key));
    if (!file) return undefined;
    try {
      return decodeList(file, this.header('list', key), PRODUCTS_PER_PIECE);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async saveList(key: string, kept: KeptList) {
    await this.write(this.listFile(key), () => encodeList(this.header('list', key), kept));
    await this.pruneLists();
  }

  private listFile(key: string) {
    return path.join(this.listsDir, `${createHash('sha256').update(key).digest('hex')}.bin`);
  }

  private header(kind: 'fragments' | 'list', of: string) {
    return JSON.stringify([FORMAT, kind, this.code, of]);
  }

  private async read(file: string): Promise<Buffer | undefined> {
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(error);
      return undefined;
    }
  }

  /** Never throws: a store that cannot be written costs the next restart its speed, no more. */
  private async write(file: string, bytes: () => Buffer) {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, bytes());
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      this.onError(error);
    }
  }

  /** Keeps the KEPT_LISTS_MAX lists written last. */
  private async pruneLists() {
    try {
      const names = (await readdir(this.listsDir)).filter((name) => name.endsWith('.bin'));
      if (names.length <= KEPT_LISTS_MAX) return;
      const files = await Promise.all(
        names.map(async (name) => {
          const file = path.join(this.listsDir, name);
          return { file, written: (await stat(file)).mtimeMs };
        }),
      );
      files.sort((a, b) => b.written - a.written);
      await Promise.all(files.slice(KEPT_LISTS_MAX).map(({ file }) => rm(file, { force: true })));
    } catch (error) {
      this.onError(error);
    }
  }
}

/**
 * The store in `dataDir` when the server runs from its bundle (`bundleIdentity`), else none.
 * Failures to read or write it are reported to `onError` and cost only speed.
 */
export function productListStore(
  dataDir: string,
  onError: (error: unknown) => void,
): ProductListStore | undefined {
  const code = bundleIdentity(import.meta.url);
  return code
    ? new ProductListStore(path.join(dataDir, 'product-lists'), code, onError)
    : undefined;
}

/**
 * The identity of the running code when it runs from the bundle (`dist/main.js`): the hash of
 * that file, which holds every line that writes a product's JSON, and Node's version. From the
 * sources (tests, `npm run dev`) the code is many files that change under a running watcher, so
 * there is no identity and no store.
 */
export function bundleIdentity(moduleUrl: string): string | undefined {
  const file = fileURLToPath(moduleUrl);
  if (!file.endsWith('.js') || path.basename(path.dirname(file)) !== 'dist') return undefined;
  try {
    // Node's own JSON and dates write the kept bytes too.
    return createHash('sha256')
      .update(process.version)
      .update(readFileSync(file))
      .digest('base64url');
  } catch {
    return undefined;
  }
}
