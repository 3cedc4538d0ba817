import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fragment, FragmentKeeper } from './product-fragments';

/**
 * The product fragments (product-fragments.ts) kept on disk in DATA_DIR, so that the first list
 * after a restart joins kept JSON instead of writing 10,000 products out again. What makes that
 * safe is what makes the fragments in memory safe, checked again on reading:
 * - each fragment is used only when its version (the rows' xmin) is the database's now; the
 *   store holds no prices and no stock, which every build reads afresh;
 * - the file is for one database (`databaseIdentity`: system identifier, database oid, the
 *   postmaster's start time), so a restore, a copy or a restart of PostgreSQL makes it unused;
 * - and for one build of the code (`code`, the hash of the server's bundle and Node's version),
 *   since the code decides what a fragment holds: a deploy starts with an empty store.
 * Writing is to a new file renamed over the old one, so a reader sees a whole file or none.
 */

/** Bumped when the file's layout changes. */
const FORMAT = 'keymarket-product-fragments-1';

export class FragmentStore implements FragmentKeeper {
  private readonly file: string;
  /** The file as it is when the server starts, read at once so the first list need not wait. */
  private atStart: Promise<Buffer | undefined> | undefined;

  constructor(
    dir: string,
    /** What the fragments' JSON depends on in the code; see `bundleIdentity`. */
    private readonly code: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.file = path.join(dir, 'fragments.bin');
    this.atStart = this.read();
  }

  /** The kept fragments when the file is of this code and `database`; none otherwise. */
  async load(database: string): Promise<Map<string, Fragment>> {
    const bytes = await (this.atStart ?? this.read());
    this.atStart = undefined;
    if (!bytes) return new Map();
    try {
      return decode(bytes, this.header(database));
    } catch (error) {
      this.onError(error);
      return new Map();
    }
  }

  private async read(): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(error);
      return undefined;
    }
  }

  /** Never throws: a store that cannot be written costs the next restart its speed, no more. */
  async save(database: string, fragments: readonly [string, Fragment][]) {
    this.atStart = undefined;
    const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(temporary, encode(this.header(database), fragments));
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      this.onError(error);
    }
  }

  private header(database: string) {
    return JSON.stringify([FORMAT, this.code, database]);
  }
}

/**
 * The store in `dataDir` when the server runs from its bundle (`bundleIdentity`), else none.
 * Failures to read or write it are reported to `onError` and cost only speed.
 */
export function productFragmentStore(
  dataDir: string,
  onError: (error: unknown) => void,
): FragmentStore | undefined {
  const code = bundleIdentity(import.meta.url);
  return code ? new FragmentStore(path.join(dataDir, 'product-lists'), code, onError) : undefined;
}

/**
 * The identity of the running code when it runs from the bundle (`dist/main.js`): the hash of
 * that file, which holds every line that writes a fragment. From the sources (tests, `npm run
 * dev`) the code is many files that change under a running watcher, so there is no identity and
 * no store.
 */
export function bundleIdentity(moduleUrl: string): string | undefined {
  const file = fileURLToPath(moduleUrl);
  if (!file.endsWith('.js') || path.basename(path.dirname(file)) !== 'dist') return undefined;
  try {
    // Node's own JSON and dates write a fragment too.
    return createHash('sha256')
      .update(process.version)
      .update(readFileSync(file))
      .digest('base64url');
  } catch {
    return undefined;
  }
}

/*
 * Layout: the header's length (u32) and the header (JSON: format, code, database), then for each
 * fragment its id, version, both badges (each u16 length and ASCII bytes) and its JSON (u32
 * length and UTF-8 bytes). The JSON is read as a slice of the file's bytes, not copied.
 */

function encode(header: string, fragments: readonly [string, Fragment][]): Buffer {
  const strings = (id: string, f: Fragment) => [id, f.version, f.badgesAtZero, f.badgesInStock];
  let size = 4 + Buffer.byteLength(header);
  for (const [id, fragment] of fragments) {
    for (const text of strings(id, fragment)) size += 2 + text.length;
    size += 4 + fragment.json.length;
  }
  const out = Buffer.allocUnsafe(size);
  let at = out.writeUInt32LE(Buffer.byteLength(header), 0);
  at += out.write(header, at);
  for (const [id, fragment] of fragments) {
    for (const text of strings(id, fragment)) {
      at = out.writeUInt16LE(text.length, at);
      at += out.write(text, at, 'latin1');
    }
    at = out.writeUInt32LE(fragment.json.length, at);
    at += fragment.json.copy(out, at);
  }
  return out;
}

function decode(bytes: Buffer, header: string): Map<string, Fragment> {
  const fragments = new Map<string, Fragment>();
  const headerLength = bytes.readUInt32LE(0);
  if (bytes.toString('utf8', 4, 4 + headerLength) !== header) return fragments;
  let at = 4 + headerLength;
  const text = () => {
    const length = bytes.readUInt16LE(at);
    const value = bytes.toString('latin1', at + 2, at + 2 + length);
    at += 2 + length;
    return value;
  };
  while (at < bytes.length) {
    const id = text();
    const version = text();
    const badgesAtZero = text();
    const badgesInStock = text();
    const length = bytes.readUInt32LE(at);
    if (at + 4 + length > bytes.length) throw new Error('product fragment store: file cut short');
    const json = bytes.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    fragments.set(id, { version, json, badgesAtZero, badgesInStock });
  }
  return fragments;
}
