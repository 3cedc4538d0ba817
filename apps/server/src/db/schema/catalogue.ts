import { sql } from 'drizzle-orm';
import { keyImportStatuses } from '@keymarket/contracts/catalogue';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, timestampTz, updatedAt } from './columns';
import { files } from './files';
import { users } from './users';

/** An uploaded image; removing the file (never done while referenced) only clears the link. */
const imageFileId = () =>
  uuid('image_file_id').references(() => files.id, { onDelete: 'set null' });

export const deliveryTypeEnum = pgEnum('delivery_type', ['instant', 'request']);

const localisedText = {
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  nameAr: text('name_ar').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionFr: text('description_fr').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
};

export const categories = pgTable('categories', {
  id: id(),
  ...localisedText,
  imageFileId: imageFileId(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    ...localisedText,
    imageFileId: imageFileId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

/**
 * One row, counting the changes to what the product lists show of products, other than their
 * stock: migration 0016's trigger bumps it with every insert, delete or update of a column of
 * `products` other than `stock` and `updated_at`, in the writer's transaction. The list cache
 * (modules/catalogue-list/product-list-cache.ts) reads it instead of scanning every product row, so
 * sales (which change only stock) leave cached lists valid.
 */
export const productCatalogueVersion = pgTable('product_catalogue_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

const cents = (name: string) => bigint(name, { mode: 'bigint' }).notNull();

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageFileId: imageFileId(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, {
      onDelete: 'restrict',
    }),
    deliveryType: deliveryTypeEnum('delivery_type').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    /** The platform's cost; visible to admins only. */
    initialPriceCents: cents('initial_price_cents'),
    managerPriceCents: cents('manager_price_cents'),
    resellerPriceCents: cents('reseller_price_cents'),
    /**
     * Request products: set by the admin. Instant products: with the product's pending rows in
     * `product_stock_changes`, the count of unsold keys. Read it through `productStock`
     * (modules/stock/stock.ts), never alone.
     */
    stock: integer('stock').notNull().default(0),
    /** Low on stock at or below this; null: the system settings' default (DESIGN.md §11). */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * Instant products: an order beyond the unsold keys is paid at once and waits, `backordered`,
     * for the next import to fill it (DESIGN.md §11, `fill-backorders.ts`).
     */
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    /**
     * Docked from this upstream (`docked_products` holds the rest): orders are bought there
     * (DESIGN.md §14) and its stock is the upstream's as last synced. Null: a product of our own.
     * No foreign key here (schema/upstreams.ts imports this file): `docked_products` has both.
     */
    upstreamId: uuid('upstream_id'),
    /**
     * Purchase limits an administrator set (docs/adr/0062-purchase-limits.md): the most units in
     * one order, and the most one buyer may order in a UTC day. Null: none.
     */
    maxOrderQuantity: integer('max_order_quantity'),
    maxDailyQuantity: integer('max_daily_quantity'),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.subcategoryId),
    index('products_live_name_idx')
      .on(t.name)
      .where(sql`${t.deletedAt} is null`),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('products_max_order_quantity_positive', sql`${t.maxOrderQuantity} >= 1`),
    check('products_max_daily_quantity_positive', sql`${t.maxDailyQuantity} >= 1`),
    check(
      'products_prices_nonnegative',
      sql`${t.initialPriceCents} >= 0 and ${t.managerPriceCents} >= 0 and ${t.resellerPriceCents} >= 0`,
    ),
  ],
);

/**
 * Sales of instant products not yet folded into `products.stock`. A sale appends a row here
 * instead of updating the product's row, which every buyer of the product would otherwise queue
 * on until its commit reached the disk (bench/results/orders.md). The stock is the counter plus
 * the pending rows; a background fold moves them into the counter in one statement.
 */
export const productStockChanges = pgTable(
  'product_stock_changes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
  },
  (t) => [index('product_stock_changes_product_idx').on(t.productId)],
);

/** Key inventory: encrypted at rest; the keyed hash finds duplicates without decrypting. */
export const productKeys = pgTable(
  'product_keys',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ciphertext: bytea('ciphertext').notNull(),
    hmac: text('hmac').notNull(),
    /** Last characters, for the masked listing. */
    hint: text('hint').notNull(),
    /**
     * First characters, for the masked listing, of keys long enough to show both ends and still
     * hide half of the key (`keyHead`); empty otherwise and for keys imported before it existed.
     */
    head: text('head').notNull().default(''),
    /**
     * The selling order: keys are sold lowest position first. A sequence, so an import's keys
     * take consecutive positions in the order of its lines, after every key imported before.
     */
    position: bigserial('position', { mode: 'number' }).notNull(),
    orderId: uuid('order_id'),
    soldAt: timestampTz('sold_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_keys_hmac_key').on(t.hmac),
    // In the claim's order (import order): the order statement's claim reads the first rows of
    // the product's unsold keys straight off this index (bench/results/orders.md).
    index('product_keys_unsold_idx')
      .on(t.productId, t.position)
      .where(sql`${t.orderId} is null`),
    index('product_keys_order_idx').on(t.orderId),
  ],
);

/** Admin packages: per-product prices for the managers and admin-invited resellers they are assigned to. */
export const packages = pgTable('packages', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packageProducts = pgTable(
  'package_products',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    managerPriceCents: cents('manager_price_cents'),
    resellerPriceCents: cents('reseller_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.productId] })],
);

/** A manager's own packages, assignable to its direct invitees. */
export const managerPackages = pgTable(
  'manager_packages',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('manager_packages_owner_idx').on(t.ownerId)],
);

export const managerPackageProducts = pgTable(
  'manager_package_products',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => managerPackages.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    resellerPriceCents: cents('reseller_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.productId] })],
);

/** What a manager or reseller charges its invitees for a product (Price Control). */
export const sellerPrices = pgTable(
  'seller_prices',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: cents('price_cents'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.productId] })],
);

/**
 * A seller's standing price rule (docs/adr/0071-standing-price-rules.md): its invitees pay its
 * own cost plus `markupBasisPoints` hundredths of a percent, for one category or (null) for every
 * product, unless a manager package or a hand-set `seller_prices` row says otherwise. One rule
 * per seller and category, the everything rule included (nulls not distinct).
 */
export const priceRules = pgTable(
  'price_rules',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    /** 1,000 % at most: 100,000 basis points. */
    markupBasisPoints: integer('markup_basis_points').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('price_rules_seller_category').on(t.sellerId, t.categoryId).nullsNotDistinct(),
    check('price_rules_markup_range', sql`${t.markupBasisPoints} between 0 and 100000`),
  ],
);

export const keyImportStatusEnum = pgEnum('key_import_status', keyImportStatuses);

/**
 * A key file's import (key-import-runner.ts): the file is stored in parts (`keyImportParts`)
 * at upload, then read in batches in the background, each batch's keys committed with the
 * progress below, so a restart resumes after the last committed batch. A runner holds the job
 * by its lease (`leaseToken` until `leaseUntil`): another instance takes it over only once
 * the lease ran out, and a batch commits only under the lease it was read with.
 */
export const keyImports = pgTable(
  'key_imports',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** A .csv file's key column (read from its header row at upload); null for a .txt file. */
    keyColumn: integer('key_column'),
    csv: boolean('csv').notNull(),
    status: keyImportStatusEnum('status').notNull().default('queued'),
    linesTotal: integer('lines_total').notNull(),
    keysTotal: integer('keys_total').notNull(),
    /** Where the next batch starts: a byte offset in the file, at the start of a line. */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    linesRead: integer('lines_read').notNull().default(0),
    added: integer('added').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    blanks: integer('blanks').notNull().default(0),
    backordersFilled: integer('backorders_filled').notNull().default(0),
    /** Batches in a row that failed for a reason other than the import's own (a deadlock). */
    failures: integer('failures').notNull().default(0),
    error: text('error'),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestampTz('lease_until'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    index('key_imports_product_idx').on(t.productId, t.createdAt),
    // What the runners poll: the jobs not finished.
    index('key_imports_active_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** A stored key file's parts, `KEY_IMPORT_PART_BYTES` each but the last, in order. */
export const keyImportParts = pgTable(
  'key_import_parts',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => keyImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
