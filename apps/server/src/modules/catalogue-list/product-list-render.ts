import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from '../../lib/gzip-pieces';
import type { Fragment } from '../products/product-fragments';

/*
 * A whole-catalogue list as bytes (product-list-cache.ts keeps them): put together from its
 * products' parts without the stock (`pricedList`), then answered with the stock written in and
 * compressed in pieces (`renderList`), joined into one standard gzip member by
 * lib/gzip-pieces.ts. Why pieces rather than zlib's gzip of each answer: after one sale, 33 ms to
 * render the 10,000-product answer again against 209 ms to gzip it whole at level 1, against a
 * target of 100 ms under sales; why one member rather than a gzip member per piece: Chromium reads
 * only the first (both measured and checked in gzip-pieces.ts).
 */

// The default level 6: an answer compresses again only the pieces whose stock changed (~0.3 ms
// a piece), and a list built again only the pieces whose bytes changed, so the level costs
// little, while every answer is 11 % smaller for the network, the kernel and the client: the
// 6.6 MB of the benchmark's list in pieces of 50 products, 1,146 KB at level 6 against 1,283 KB
// at level 1, all of them compressed in 59 ms against 45 ms (measured on the 2-core machine).
const GZIP_LEVEL = 6;
/** Products per piece of the gzip answer: about 33 KB of JSON, the deflate window. */
export const PRODUCTS_PER_PIECE = 50;
/** Pieces compressed between two turns of the event loop (~1-2 ms), so orders are not held up. */
const PIECES_PER_TURN = 8;

export interface RenderedList {
  /** Strong validator for If-None-Match: the key, fingerprint and stock it was built for. */
  etag: string;
  gzip: Buffer;
}

/**
 * A list without its stock: product i is `fixed[offsets[i]..offsets[i+1]]` (its JSON up to
 * `"badges":`), then its stock fields; products are separated by commas when rendered.
 */
export interface PricedList {
  head: string;
  fixed: Buffer;
  offsets: Uint32Array;
  ids: string[];
  /** The version of each product's rows its bytes were written from (`listProductVersions`). */
  versions: string[];
  /** The badges JSON of each product when out of stock, and when not. */
  badgesAtZero: string[];
  badgesInStock: string[];
  tail: string;
  /** Products written from their parts when it was put together (the rest were taken). */
  written: number;
  /** Where its rows were read (product-list-changes.ts). */
  read: ListRead;
}

/**
 * The snapshot a list's rows were read in, and what it holds of the catalogue: what a build
 * after it needs to read again only the products written since (product-list-changes.ts).
 */
export interface ListRead {
  /** `pg_current_snapshot()` as text; empty when unknown (then every product is read again). */
  snapshot: string;
  /** The set of every product's id when it was read (`ListSnapshot.idSet`). */
  idSet: string;
  /** It holds every product its query passes: the first page, not cut short by the limit. */
  complete: boolean;
}

/** Where the rows of a list put together from parts alone were read: nowhere known. */
const readNowhere: ListRead = { snapshot: '', idSet: '', complete: false };

/** Where a product is, and what it is, in a list. */
interface ListedBase {
  id: string;
  version: string;
}

/**
 * One product of a list: written from its shared JSON and its priced fields as JSON members
 * (`"price":1.5,"sellingPrice":2`, no braces), or taken as it is from product `index` of another
 * list of the same prices (`from`).
 */
export type ListedProduct =
  | (ListedBase & { fragment: Fragment; prices: string })
  | (ListedBase & { from: PricedList; index: number });

/** A list of `products` without their stock. `read`: where their rows were read. */
export function pricedList(
  products: readonly ListedProduct[],
  pagination: unknown,
  read: ListRead = readNowhere,
): PricedList {
  const n = products.length;
  const offsets = new Uint32Array(n + 1);
  const badgesAtZero: string[] = [];
  const badgesInStock: string[] = [];
  let size = 0;
  products.forEach((product, i) => {
    offsets[i] = size;
    if ('from' in product) {
      const { from, index } = product;
      size += (from.offsets[index + 1] ?? 0) - (from.offsets[index] ?? 0);
      badgesAtZero.push(from.badgesAtZero[index] ?? '[]');
      badgesInStock.push(from.badgesInStock[index] ?? '[]');
    } else {
      // The shared JSON, `,`, the prices, `,"badges":` (ASCII).
      size += product.fragment.json.length + 1 + product.prices.length + 10;
      badgesAtZero.push(product.fragment.badgesAtZero);
      badgesInStock.push(product.fragment.badgesInStock);
    }
  });
  offsets[n] = size;
  const fixed = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < n;) {
    const product = products[i];
    if (!product) break;
    if ('from' in product) {
      // A run of products taken in order from one list is one copy.
      const { from, index } = product;
      let end = i + 1;
      while (end < n && takenNext(products[end], from, index + (end - i))) end++;
      at += from.fixed.copy(fixed, at, from.offsets[index], from.offsets[index + (end - i)]);
      i = end;
    } else {
      at += product.fragment.json.copy(fixed, at);
      at += fixed.write(`,${product.prices},"badges":`, at, 'latin1');
      i++;
    }
  }
  return {
    head: '{"data":[',
    fixed,
    offsets,
    ids: products.map((product) => product.id),
    versions: products.map((product) => product.version),
    badgesAtZero,
    badgesInStock,
    tail: `],${JSON.stringify({ pagination }).slice(1)}`,
    written: products.filter((product) => !('from' in product)).length,
    read,
  };
}

/** `product` is product `index` of `from`, taken as it is. */
const takenNext = (product: ListedProduct | undefined, from: PricedList, index: number) =>
  product !== undefined && 'from' in product && product.from === from && product.index === index;

/** A priced object's members as JSON, without braces: `{"price":1}` → `"price":1`. */
export const jsonMembers = (fields: object) => JSON.stringify(fields).slice(1, -1);

/** A piece of an answer: the bytes and stock it was written with, compressed. */
export interface Piece {
  fixed: Buffer;
  stock: Int32Array;
  piece: DeflatedPiece;
}

/** The pieces of an answer and the list they were cut from. */
export interface RenderedPieces {
  list: PricedList;
  pieces: Piece[];
}

/**
 * The gzip answer of `list` with each product's stock from `stock` (product i's at i). The
 * products are compressed in pieces of PRODUCTS_PER_PIECE (gzip-pieces.ts); a piece of
 * `previous` is taken as it is when its products have the same stock and their kept bytes are
 * the same (the same list, or the bytes compared when the list was built again), so after a
 * few sales or one price change only the pieces holding those products are compressed again.
 */
export async function renderList(
  etag: string,
  list: PricedList,
  stock: Int32Array,
  previous?: RenderedPieces,
): Promise<{ rendered: RenderedList; pieces: RenderedPieces }> {
  const n = list.ids.length;
  const sameList = previous?.list === list;
  const pieces: Piece[] = [];
  let compressed = 0;
  for (let p = 0, from = 0; from < n; p++, from += PRODUCTS_PER_PIECE) {
    const to = Math.min(n, from + PRODUCTS_PER_PIECE);
    const figures = stock.slice(from, to);
    const fixed = list.fixed.subarray(list.offsets[from], list.offsets[to]);
    const before = previous?.pieces[p];
    if (before && sameFigures(before.stock, figures) && (sameList || before.fixed.equals(fixed))) {
      pieces.push({ fixed, stock: figures, piece: before.piece });
      continue;
    }
    if (compressed > 0 && compressed % PIECES_PER_TURN === 0) await nextTurn();
    compressed++;
    pieces.push({
      fixed,
      stock: figures,
      piece: deflatePiece(splice(list, figures, from, to), GZIP_LEVEL),
    });
  }
  const gzip = gzipOfPieces([
    deflatePiece(Buffer.from(list.head), GZIP_LEVEL),
    ...pieces.map((p) => p.piece),
    deflatePiece(Buffer.from(list.tail), GZIP_LEVEL),
  ]);
  return { rendered: { etag, gzip }, pieces: { list, pieces } };
}

function sameFigures(a: Int32Array, b: Int32Array) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Products `from` to `to` of `list` as JSON, each with its stock fields, a comma before each
 * but the list's first (ASCII).
 */
function splice(list: PricedList, figures: Int32Array, from: number, to: number) {
  const fields = Array.from(figures, (stock, k) => {
    const badges = stock === 0 ? list.badgesAtZero[from + k] : list.badgesInStock[from + k];
    return `${badges},"stockQuantity":${stock}}`;
  });
  const commas = from === 0 ? to - from - 1 : to - from;
  const size =
    (list.offsets[to] ?? 0) -
    (list.offsets[from] ?? 0) +
    fields.reduce((a, f) => a + f.length, 0) +
    Math.max(0, commas);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  fields.forEach((field, k) => {
    if (from + k > 0) at += out.write(',', at, 'latin1');
    at += list.fixed.copy(out, at, list.offsets[from + k], list.offsets[from + k + 1]);
    at += out.write(field, at, 'latin1');
  });
  return out;
}

const gunzipAsync = promisify(gunzip);

/** The JSON of an answer, for a client that does not take gzip. */
export const inflate = (list: RenderedList) => gunzipAsync(list.gzip);
