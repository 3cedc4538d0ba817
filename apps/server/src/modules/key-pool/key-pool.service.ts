import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  KEY_MAX_LENGTH,
  KEYS_IMPORT_MAX_LINES,
  type deleteKeysResponseSchema,
  type importKeysResponseSchema,
  type moveKeysRequestSchema,
  type moveKeysResponseSchema,
  type productKeySchema,
  type ProductKeysQuery,
} from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { keyLines } from '@keymarket/contracts/orders';
import { pageOf } from '@keymarket/contracts/pagination';
import { normaliseKey } from '@keymarket/contracts/text';
import type { Database, Executor } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { AppError, validationError } from '../../lib/app-error';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import { maskKey, type KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { assertMayEditCatalogue } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { retryOnConflict } from '../../lib/transactions';
import { productNotFound } from '../products/product-rules';
import { findProductWithRefs, lockProductForKeys } from '../products/products.repository';
import {
  countKeys,
  deleteUnsoldKeys,
  insertNewKeys,
  listKeys,
  moveUnsoldKeys,
  unsoldKeyBatch,
  type NewProductKey,
} from './key-pool.repository';
import { fillBackordersRetrying } from '../backorders/fill-backorders';
import { addKeysToStock, notifyLowStock, productStockOf } from '../stock/stock';

type ImportResult = z.infer<typeof importKeysResponseSchema>;
type ProductKeyView = z.infer<typeof productKeySchema>;
type MoveRequest = z.infer<typeof moveKeysRequestSchema>;
type MoveResult = z.infer<typeof moveKeysResponseSchema>;
type DeleteResult = z.infer<typeof deleteKeysResponseSchema>;

/** Keys inserted per statement while an import streams in (`addKeys`). */
const ADD_BATCH = 1000;

export const keyPoolMessages = {
  notInstant: 'Keys can be added to instant products only',
  targetNotInstant: 'Keys can be moved to instant products only',
  sameProduct: 'Choose another product to move the keys to',
  notUnsold: (missing: number) =>
    missing === 1
      ? 'A selected key is sold or no longer in this product: nothing was changed'
      : `${missing} of the selected keys are sold or no longer in this product: nothing was changed`,
  notEnough: (moved: number) =>
    `Only ${moved} unsold keys can be moved from this product: nothing was moved`,
};

/**
 * The last characters shown in listings: 4, but never more than half the key, so a short key is
 * not given away whole by its own hint.
 */
export function keyHint(key: string): string {
  const visible = Math.min(4, Math.floor(key.length / 2));
  return visible > 0 ? key.slice(-visible) : '';
}

/**
 * The first characters shown in listings, beside `keyHint`'s last ones, so keys that end alike can
 * be told apart: 4, for keys of 16 characters or more only, so that both ends together never
 * show more than half of a key. Shorter keys show their hint alone.
 */
export function keyHead(key: string): string {
  return key.length >= 16 ? key.slice(0, 4) : '';
}

/** The masked form of a key from what is stored of it: its first and last characters. */
export function maskedKey(head: string, hint: string): string {
  return head ? `${head}${maskKey(hint)}` : maskKey(hint);
}

/**
 * Lines with nothing but whitespace or invisible characters (keyLines drops them too); the empty
 * piece after a final newline is not a line.
 */
function blankLineCount(text: string): number {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.filter((line) => normaliseKey(line).length === 0).length;
}

export class ProductKeysService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    /** Where the CSV export reads: a replica that is close behind when there is one. */
    private readonly reads = new ReadRouting(db),
  ) {}

  /**
   * The one place keys enter the inventory: inserts `keys` (cleaned already, in the order they
   * are to be sold) for `productId` in batches, skipping any whose fingerprint is stored already
   * (in this import or anywhere in the inventory: the unique index decides, so two imports racing
   * with the same key add it once), then raises the stock by the number added, in the caller's
   * transaction `tx`. Keys take positions from the sequence in the order given, so they are sold
   * in import order (DESIGN.md §11).
   *
   * The product's row is locked only at the end, once every key is in: a file streaming in for a
   * minute holds up no sale of the product (its keys are not visible to one before the commit
   * anyway). The product must be instant, checked again under that lock.
   */
  async addKeys(
    tx: Executor,
    productId: string,
    keys: Iterable<string> | AsyncIterable<string>,
  ): Promise<{
    submitted: number;
    added: number;
    stock: number;
    stockBefore: number;
    backordersFilled: number;
  }> {
    let submitted = 0;
    let added = 0;
    let batch = new Map<string, NewProductKey>();
    const flush = async () => {
      if (batch.size === 0) return;
      added += await insertNewKeys(tx, [...batch.values()]);
      batch = new Map();
    };
    for await (const key of keys) {
      submitted++;
      const hmac = this.vault.fingerprint(key);
      // A repeat inside one batch keeps its first line's place.
      if (!batch.has(hmac)) {
        batch.set(hmac, {
          productId,
          hmac,
          ciphertext: this.vault.encrypt(key),
          hint: keyHint(key),
          head: keyHead(key),
        });
      }
      if (batch.size >= ADD_BATCH) await flush();
    }
    await flush();
    // Locks the product: concurrent imports, fills and administrators' edits of it queue on this
    // row; its sales do not (`lockProductForKeys`).
    const product = await lockProductForKeys(tx, productId);
    if (!product) throw productNotFound();
    if (product.deliveryType !== 'instant') {
      throw new AppError('conflict', keyPoolMessages.notInstant);
    }
    if (added > 0) await addKeysToStock(tx, productId, added);
    // Waiting backorders take the new keys first, in this transaction (DESIGN.md §11). Even when
    // every line was a duplicate: unsold keys may be waiting beside fillable backorders (the
    // larger order ahead of them was cancelled, keys came back by a move before moves filled),
    // and an import is the administrator saying "stock is here", so it fills what it can.
    const filled = await fillBackordersRetrying(tx, productId);
    return {
      submitted,
      added,
      stock: (await productStockOf(tx, productId))?.stock ?? 0,
      stockBefore: product.stock,
      backordersFilled: filled.orders,
    };
  }

  /**
   * Adds one key per line of a paste (trimmed, blank lines skipped), skipping keys already in the
   * paste or anywhere in the inventory, and raises the stock by the number added in the same
   * transaction.
   */
  async importKeys(caller: AuthContext, productId: string, text: string): Promise<ImportResult> {
    assertMayEditCatalogue(caller);
    const lines = keyLines(text);
    if (lines.length === 0) throw validationError('body.keys', messages.keysRequired);
    if (lines.length > KEYS_IMPORT_MAX_LINES) {
      throw validationError(
        'body.keys',
        `Import at most ${KEYS_IMPORT_MAX_LINES} keys at a time (you entered ${lines.length})`,
      );
    }
    const tooLong = lines.findIndex((line) => line.length > KEY_MAX_LENGTH);
    if (tooLong >= 0) {
      throw validationError(
        'body.keys',
        `Line ${tooLong + 1} is longer than ${KEY_MAX_LENGTH} characters`,
      );
    }
    await this.instantProduct(productId);
    // A paste can be run again whole (two imports inserting the same keys in opposite orders
    // can deadlock on the fingerprint index); a file cannot, its fill retries on its own.
    return retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const { added, stock, stockBefore, backordersFilled } = await this.addKeys(
          tx,
          productId,
          lines,
        );
        const result = {
          added,
          duplicates: lines.length - added,
          blanks: blankLineCount(text),
          stock,
          backordersFilled,
        };
        await this.auditImport(tx, caller, productId, stockBefore, result);
        return result;
      }),
    );
  }

  /** Counts only: a key never reaches the audit log. */
  private auditImport(
    tx: Executor,
    caller: AuthContext,
    productId: string,
    stockBefore: number,
    after: ImportResult,
  ) {
    return writeAudit(tx, {
      actorId: caller.userId,
      action: 'product.keys_imported',
      targetType: 'product',
      targetId: productId,
      before: { stock: stockBefore },
      after,
    });
  }

  /** Refuses a product that is missing. */
  async productExists(productId: string) {
    if (!(await findProductWithRefs(this.db, productId))) throw productNotFound();
  }

  /** Refuses, before a file is read, a product that is missing or takes no keys. */
  async instantProduct(productId: string) {
    const found = await findProductWithRefs(this.db, productId);
    if (!found) throw productNotFound();
    if (found.product.deliveryType !== 'instant') {
      throw new AppError('conflict', keyPoolMessages.notInstant);
    }
    return found.product;
  }

  /**
   * Deletes unsold keys of `productId`, all of `keyIds` or none (a sold key, a key of another
   * product, one an order is claiming this instant: nothing is deleted), and takes them off the
   * stock. Audited with the keys' ids.
   */
  async deleteKeys(
    caller: AuthContext,
    productId: string,
    keyIds: readonly string[],
  ): Promise<DeleteResult> {
    assertMayEditCatalogue(caller);
    return this.db.transaction(async (tx) => {
      const before = await productStockOf(tx, productId);
      if (before === undefined) throw productNotFound();
      const deleted = await deleteUnsoldKeys(tx, productId, keyIds);
      if (deleted < keyIds.length) {
        throw new AppError('conflict', keyPoolMessages.notUnsold(keyIds.length - deleted));
      }
      await notifyLowStock(tx, productId, deleted);
      const stock = (await productStockOf(tx, productId))?.stock ?? 0;
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'product.keys_deleted',
        targetType: 'product',
        targetId: productId,
        before: { stock: before.stock },
        after: { deleted, keyIds, stock },
      });
      return { deleted, stock };
    });
  }

  /**
   * Moves unsold keys of `productId` (the listed ones, or the `count` next to be sold) to another
   * instant product, all or none, with their stock. Audited on the source product.
   */
  async moveKeys(
    caller: AuthContext,
    productId: string,
    request: MoveRequest,
  ): Promise<MoveResult> {
    assertMayEditCatalogue(caller);
    const { toProductId } = request;
    if (toProductId === productId) {
      throw validationError('body.toProductId', keyPoolMessages.sameProduct);
    }
    // Run again whole on a deadlock or serialization failure: the request is all there is to it.
    return retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const before = await productStockOf(tx, productId);
        if (before === undefined) throw productNotFound();
        // The import's lock on the target: it cannot turn into a request product (an edit locks
        // it for update) until these keys are in, and its fills run one at a time; its sales go on.
        const target = await lockProductForKeys(tx, toProductId);
        if (target === undefined) {
          throw new AppError('not_found', 'The product to move the keys to was not found');
        }
        if (target.deliveryType !== 'instant') {
          throw new AppError('conflict', keyPoolMessages.targetNotInstant);
        }
        const pick = request.keyIds ? { keyIds: request.keyIds } : { count: request.count ?? 0 };
        const wanted = request.keyIds?.length ?? request.count ?? 0;
        const moved = await moveUnsoldKeys(tx, productId, toProductId, pick);
        if (moved < wanted) {
          throw new AppError(
            'conflict',
            request.keyIds
              ? keyPoolMessages.notUnsold(wanted - moved)
              : keyPoolMessages.notEnough(moved),
          );
        }
        await notifyLowStock(tx, productId, moved);
        // Keys moved in are keys arriving: the target's waiting backorders take them first, in
        // this transaction, exactly as after an import (DESIGN.md §11).
        const filled = await fillBackordersRetrying(tx, toProductId);
        const result = {
          moved,
          stock: (await productStockOf(tx, productId))?.stock ?? 0,
          targetStock: (await productStockOf(tx, toProductId))?.stock ?? 0,
        };
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'product.keys_moved',
          targetType: 'product',
          targetId: productId,
          before: { stock: before.stock, targetStock: target.stock },
          after: {
            ...result,
            toProductId,
            backordersFilled: filled.orders,
            ...(request.keyIds ? { keyIds: request.keyIds } : {}),
          },
        });
        return result;
      }),
    );
  }

  /** Masked listing: the hint stored at import, never a decrypted key. */
  async listKeys(caller: AuthContext, productId: string, query: ProductKeysQuery) {
    assertMayEditCatalogue(caller);
    if (!(await findProductWithRefs(this.db, productId))) throw productNotFound();
    const text = query.q ? normaliseKey(query.q) : '';
    const search = text ? { text, fingerprint: this.vault.fingerprint(text) } : undefined;
    const { rows, total } = await listKeys(
      this.db,
      productId,
      { status: query.status, search },
      {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      },
    );
    const data: ProductKeyView[] = rows.map((row) => ({
      id: row.id,
      masked: maskedKey(row.head, row.hint),
      sold: row.orderId !== null,
      orderId: row.orderId,
      soldAt: row.soldAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
    return pageOf(data, query, total);
  }

  /**
   * The unsold keys themselves, decrypted, as CSV in selling order (taking stock out to another
   * shop, say; the file imports back as it is: its "Key" column is read, key-file.ts). Every
   * export is audited first, with how many keys it held then: a key never reaches the audit log.
   */
  async exportUnsold(caller: AuthContext, productId: string): Promise<Readable> {
    assertMayEditCatalogue(caller);
    if (!(await findProductWithRefs(this.db, productId))) throw productNotFound();
    // One server for the count and the whole file; the audit row is written on the primary.
    const reader = await this.reads.reader();
    await writeAudit(this.db, {
      actorId: caller.userId,
      action: 'product.keys_exported',
      targetType: 'product',
      targetId: productId,
      after: { unsold: await countKeys(reader, productId, 'unsold') },
    });
    const batches = keysetBatches<{
      id: string;
      position: number;
      ciphertext: Buffer;
      createdAt: Date;
    }>((after) => unsoldKeyBatch(reader, productId, after?.position));
    const vault = this.vault;
    async function* opened() {
      for await (const batch of batches) {
        yield batch.map((key) => ({
          id: key.id,
          key: vault.decrypt(key.ciphertext),
          createdAt: key.createdAt,
        }));
      }
    }
    return csvStream(opened(), keyCsvColumns);
  }
}

const keyCsvColumns: CsvColumn<{ id: string; key: string; createdAt: Date }>[] = [
  { header: 'Key id', cell: (k) => k.id },
  { header: 'Key', cell: (k) => k.key },
  { header: 'Added (UTC)', cell: (k) => k.createdAt.toISOString() },
];
