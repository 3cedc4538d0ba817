import { deserialize, serialize } from 'node:v8';
import type { KeptList } from './product-list-cache';
import type { PricedList } from './product-list-render';
import type { Fragment } from '../products/product-fragments';

/*
 * What the files the product list store keeps (product-list-store.ts) hold, in Node's own
 * serialization (`v8.serialize`, the structured clone format): a header naming what the file is
 * for, checked before anything else is used, and the values as they are. Byte fields (a
 * product's JSON, a list's kept bytes, a compressed piece) come back as Buffers over the file's
 * bytes, typed arrays as typed arrays.
 */

/**
 * The fragments as columns, their JSON one buffer (fragment i's at `offsets[i]..offsets[i+1]`):
 * 10,000 buffers apart took twice as long to read back (281 against 151 ms for the layout of our
 * own before, loaded machine); columns read back as the list does.
 */
interface FragmentsFile {
  header: string;
  ids: string[];
  versions: string[];
  badgesAtZero: string[];
  badgesInStock: string[];
  json: Buffer;
  offsets: Uint32Array;
}

interface ListFile {
  header: string;
  fingerprint: string;
  list: PricedList;
  /** Each piece's stock and compressed bytes; its kept bytes are the list's (`fixed`). */
  pieces: { stock: Int32Array; deflated: Buffer; crc: number; length: number }[];
}

/** The file's value when it is an object with this header; undefined otherwise. */
function valueOf<T extends { header: string }>(file: Buffer, header: string): T | undefined {
  const value = deserialize(file) as Partial<T> | null;
  return typeof value === 'object' && value?.header === header ? (value as T) : undefined;
}

export function encodeFragments(header: string, fragments: readonly [string, Fragment][]) {
  const offsets = new Uint32Array(fragments.length + 1);
  fragments.forEach(([, fragment], i) => {
    offsets[i + 1] = (offsets[i] ?? 0) + fragment.json.length;
  });
  return serialize({
    header,
    ids: fragments.map(([id]) => id),
    versions: fragments.map(([, fragment]) => fragment.version),
    badgesAtZero: fragments.map(([, fragment]) => fragment.badgesAtZero),
    badgesInStock: fragments.map(([, fragment]) => fragment.badgesInStock),
    json: Buffer.concat(fragments.map(([, fragment]) => fragment.json)),
    offsets,
  } satisfies FragmentsFile);
}

/** The fragments of `file` if its header is `header`; none otherwise. Throws when cut short. */
export function decodeFragments(file: Buffer, header: string): Map<string, Fragment> {
  const kept = valueOf<FragmentsFile>(file, header);
  const fragments = new Map<string, Fragment>();
  if (!kept) return fragments;
  if (kept.offsets.length !== kept.ids.length + 1) {
    throw new Error('product list store: fragments out of step');
  }
  kept.ids.forEach((id, i) => {
    fragments.set(id, {
      version: kept.versions[i] ?? '',
      json: kept.json.subarray(kept.offsets[i], kept.offsets[i + 1]),
      badgesAtZero: kept.badgesAtZero[i] ?? '',
      badgesInStock: kept.badgesInStock[i] ?? '',
    });
  });
  return fragments;
}

export function encodeList(header: string, { fingerprint, list, pieces }: KeptList) {
  return serialize({
    header,
    fingerprint,
    list: { ...list, written: 0 },
    pieces: pieces.map(({ stock, piece }) => ({ stock, ...piece })),
  } satisfies ListFile);
}

/** The list of `file` if its header is `header`; undefined otherwise. Throws when cut short. */
export function decodeList(
  file: Buffer,
  header: string,
  productsPerPiece: number,
): KeptList | undefined {
  const kept = valueOf<ListFile>(file, header);
  if (!kept) return undefined;
  const { fingerprint, list } = kept;
  const n = list.ids.length;
  if (list.offsets.length !== n + 1 || list.versions.length !== n) {
    throw new Error('product list store: a list out of step');
  }
  const pieces = kept.pieces.map(({ stock, deflated, crc, length }, p) => {
    const from = Math.min(n, p * productsPerPiece);
    const to = Math.min(n, from + productsPerPiece);
    const fixed = list.fixed.subarray(list.offsets[from], list.offsets[to]);
    return { fixed, stock, piece: { deflated, crc, length } };
  });
  return { fingerprint, list, pieces };
}
