import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  KEY_MAX_LENGTH,
  KEYS_IMPORT_MAX_LINES,
  type importKeysResponseSchema,
  type productKeySchema,
  type ProductKeysQuery,
} from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { keyLines } from '@keymarket/contracts/orders';
import { pageOf } from '@keymarket/contracts/pagination';
import { normaliseKey } from '@keymarket/contracts/text';
import type { Database } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import { maskKey, type KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { assertMayEditCatalogue } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { productNotFound } from './product-rules';
import { findProductWithRefs, lockProduct } from './products.repository';
import {
  countKeys,
  insertNewKeys,
  listKeys,
  unsoldKeyBatch,
  type NewProductKey,
} from './product-keys.repository';
import { addKeysToStock } from './stock';

type ImportResult = z.infer<typeof importKeysResponseSchema>;
type ProductKeyView = z.infer<typeof productKeySchema>;

/**
 * The last characters shown in listings: 4, but never more than half the key, so a short key is
 * not given away whole by its own hint.
 */
export function keyHint(key: string): string {
  const visible = Math.min(4, Math.floor(key.length / 2));
  return visible > 0 ? key.slice(-visible) : '';
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
  ) {}

  /**
   * Adds one key per line (trimmed, blank lines skipped), skipping keys already in the paste or
   * anywhere in the inventory, and raises the stock by the number added in the same transaction.
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

    // Duplicates inside the paste are dropped before the database sees them.
    const unique = new Map<string, string>();
    for (const key of lines) unique.set(this.vault.fingerprint(key), key);

    return this.db.transaction(async (tx) => {
      // Locks the product: concurrent imports and sales of it queue on this row.
      const product = await lockProduct(tx, productId);
      if (!product) throw productNotFound();
      if (product.deliveryType !== 'instant') {
        throw new AppError('conflict', 'Keys can be added to instant products only');
      }
      const rows: NewProductKey[] = [...unique].map(([hmac, key]) => ({
        productId,
        hmac,
        ciphertext: this.vault.encrypt(key),
        hint: keyHint(key),
      }));
      const added = await insertNewKeys(tx, rows);
      const stock = added > 0 ? await addKeysToStock(tx, productId, added) : product.stock;
      const result = {
        added,
        duplicates: lines.length - added,
        blanks: blankLineCount(text),
        stock,
      };
      // Counts only: a key never reaches the audit log.
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'product.keys_imported',
        targetType: 'product',
        targetId: productId,
        before: { stock: product.stock },
        after: result,
      });
      return result;
    });
  }

  /** Masked listing: the hint stored at import, never a decrypted key. */
  async listKeys(caller: AuthContext, productId: string, query: ProductKeysQuery) {
    assertMayEditCatalogue(caller);
    if (!(await findProductWithRefs(this.db, productId))) throw productNotFound();
    const { rows, total } = await listKeys(this.db, productId, query.status, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const data: ProductKeyView[] = rows.map((row) => ({
      id: row.id,
      masked: maskKey(row.hint),
      sold: row.orderId !== null,
      orderId: row.orderId,
      soldAt: row.soldAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
    return pageOf(data, query, total);
  }

  /**
   * The unsold keys themselves, decrypted, as CSV (taking stock out to another shop, say). Every
   * export is audited first, with how many keys it held then: a key never reaches the audit log.
   */
  async exportUnsold(caller: AuthContext, productId: string): Promise<Readable> {
    assertMayEditCatalogue(caller);
    if (!(await findProductWithRefs(this.db, productId))) throw productNotFound();
    await writeAudit(this.db, {
      actorId: caller.userId,
      action: 'product.keys_exported',
      targetType: 'product',
      targetId: productId,
      after: { unsold: await countKeys(this.db, productId, 'unsold') },
    });
    const batches = keysetBatches<{ id: string; ciphertext: Buffer; createdAt: Date }>((after) =>
      unsoldKeyBatch(this.db, productId, after?.id),
    );
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
