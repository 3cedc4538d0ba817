import type { Executor } from '../../db/client';
import type { Fragment } from '../products/product-fragments';
import type { ListRead, PricedList } from './product-list-render';
import type { ListSnapshot } from './product-list-state';
import {
  orderAmong,
  productVersionsSince,
  type ProductFilter,
  type ProductPage,
  type ProductVersionRow,
} from '../products/products.repository';

/*
 * A list built again after a few products changed (a price, a description), from the list it
 * replaces, reading only the products written since that list was read: the first request after
 * a price change read every product's version, ordered, ~25-45 ms of the database's time and
 * ~20 ms of the server's for 10,000 products, to find the one that changed.
 *
 * The invariant: a row version visible now whose xmin is older than the xmin of the snapshot a
 * list was read in (`ListRead.snapshot`) was visible in that snapshot too, as the same version:
 * every transaction older than a snapshot's xmin had ended when it was taken, and a committed
 * row version is never changed in place (a change writes a new one, with the writer's xid). So
 * the products written since are among those whose row is not older than that xmin (a
 * subtransaction's rows carry its own id, newer than its parent's, so none is missed), and a
 * product outside them is the same version as in the list. The rest is checked:
 * - the same products: no product added or removed (`idSet`), none written since passing the
 *   query now that is not in the list, none in it failing it now, and the list holds every
 *   product the query passes (`ListRead.complete`);
 * - the same order: the products written since, with their neighbours in the list, come in the
 *   order they have in it when the database orders them by the query (the others are the same
 *   rows, so their order among themselves is the same);
 * - categories and subcategories: none written since (their names are in every product).
 * Whatever fails, the list is read whole (`undefined`). Prices: the caller takes this only for
 * a list of the same pricing basis (the chain's rows, product-list-state.ts `pricingBasisOf`).
 */

/** A product of the list replaced whose rows are another version now. */
export interface ChangedProduct {
  index: number;
  row: ProductVersionRow;
}

/** Past this many products written since, reading the list whole costs less. */
const CHANGES_MAX = 2000;
/** 32-bit transaction ids compare within 2^31 of each other; a list this far behind is read whole. */
const TRANSACTIONS_BEHIND_MAX = 1_000_000_000;

/**
 * The products of `list` that changed since it was read, as `snapshot` (of the same database)
 * sees them, or undefined when the list cannot be built again from it (see above).
 */
export async function changedProducts(
  tx: Executor,
  list: PricedList,
  snapshot: ListSnapshot,
  filter: ProductFilter,
  page: ProductPage,
  platform: boolean,
): Promise<ChangedProduct[] | undefined> {
  const { read } = list;
  if (!read.snapshot || !read.complete || page.offset > 0 || read.idSet !== snapshot.idSet) {
    return undefined;
  }
  const since = await productVersionsSince(tx, read.snapshot, filter, { platform });
  if (
    since.categoriesChanged ||
    !(since.behind >= 0 && since.behind <= TRANSACTIONS_BEHIND_MAX) ||
    since.products.length > CHANGES_MAX
  ) {
    return undefined;
  }
  const indexOf = positionsOf(list.ids);
  const changed: ChangedProduct[] = [];
  for (const { passes, row } of since.products) {
    const index = indexOf.get(row.id);
    if (index === undefined) {
      // A product the list does not hold: it must still be left out.
      if (passes) return undefined;
    } else if (list.versions[index] !== row.version) {
      if (!passes) return undefined;
      changed.push({ index, row });
    }
  }
  if (changed.length === 0) return changed;
  changed.sort((a, b) => a.index - b.index);
  const around = new Set<number>();
  for (const { index } of changed) {
    for (const i of [index - 1, index, index + 1]) if (i >= 0 && i < list.ids.length) around.add(i);
  }
  const expected = [...around].sort((a, b) => a - b).map((i) => list.ids[i] ?? '');
  const ordered = await orderAmong(tx, expected, filter, page);
  if (ordered.length !== expected.length || ordered.some((id, i) => id !== expected[i])) {
    return undefined;
  }
  return changed;
}

/** Where each id is in a list's ids, kept per array (a list built again shares its ids). */
const positions = new WeakMap<readonly string[], Map<string, number>>();

function positionsOf(ids: readonly string[]) {
  let map = positions.get(ids);
  if (!map) {
    map = new Map(ids.map((id, index) => [id, index]));
    positions.set(ids, map);
  }
  return map;
}

/** A changed product written again: its version, shared JSON and priced fields. */
export interface RewrittenProduct {
  index: number;
  version: string;
  fragment: Fragment;
  /** The priced fields as JSON members (`jsonMembers`). */
  prices: string;
}

/**
 * `list` with the products `rewritten` (in the order of their index) in place of its own, read
 * in `read`: the same products in the same order, so the ids and stock slots are shared, and the
 * bytes between two rewritten products are copied as one run.
 */
export function withRewritten(
  list: PricedList,
  rewritten: readonly RewrittenProduct[],
  read: ListRead,
): PricedList {
  const n = list.ids.length;
  const bytesOf = (product: RewrittenProduct) =>
    // The shared JSON, `,`, the prices, `,"badges":` (ASCII), as `pricedList` writes it.
    Buffer.concat([product.fragment.json, Buffer.from(`,${product.prices},"badges":`, 'latin1')]);
  const written = rewritten.map(bytesOf);
  const size = rewritten.reduce(
    (total, product, k) =>
      total +
      (written[k]?.length ?? 0) -
      ((list.offsets[product.index + 1] ?? 0) - (list.offsets[product.index] ?? 0)),
    list.fixed.length,
  );
  const fixed = Buffer.allocUnsafe(size);
  const offsets = new Uint32Array(n + 1);
  const versions = list.versions.slice();
  const badgesAtZero = list.badgesAtZero.slice();
  const badgesInStock = list.badgesInStock.slice();
  let at = 0;
  let from = 0;
  const copyUpTo = (end: number) => {
    const shift = at - (list.offsets[from] ?? 0);
    for (let i = from; i < end; i++) offsets[i] = (list.offsets[i] ?? 0) + shift;
    at += list.fixed.copy(fixed, at, list.offsets[from], list.offsets[end]);
  };
  rewritten.forEach((product, k) => {
    const { index } = product;
    copyUpTo(index);
    offsets[index] = at;
    at += (written[k] ?? Buffer.alloc(0)).copy(fixed, at);
    versions[index] = product.version;
    badgesAtZero[index] = product.fragment.badgesAtZero;
    badgesInStock[index] = product.fragment.badgesInStock;
    from = index + 1;
  });
  copyUpTo(n);
  offsets[n] = at;
  return {
    ...list,
    fixed,
    offsets,
    versions,
    badgesAtZero,
    badgesInStock,
    written: rewritten.length,
    read,
  };
}
