import { z } from './zod';
import { messages } from './messages';
import { nonNegativeUsdAmount, percentChange, usdAmount } from './money';
import {
  exportFormatSchema,
  pageFields,
  pageQuerySchema,
  paginated,
  sortParam,
} from './pagination';
import { languages } from './system-settings';
import { freeText, nameText, searchText } from './text';
import { userRefSchema } from './users';
import { limitMessages, productLimitFields } from './purchase-limits';
import { sellingPriceSources } from './price-rules';

/** Uploads: images for categories, subcategories, products and avatars. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The catalogue forms' own texts; the web translates them in its `catalogue` namespace. */
export const catalogueMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  descriptionTooLong: 'Description cannot exceed 1000 characters',
  categoryRequired: 'Choose a category',
  priceRequired: 'Price is required',
  stockWhole: 'Stock must be a whole number',
  stockNegative: 'Stock cannot be negative',
  thresholdWhole: 'Low-stock threshold must be a whole number',
  thresholdNegative: 'Low-stock threshold cannot be negative',
} as const;

const name = nameText()
  .trim()
  .min(1, catalogueMessages.nameRequired)
  .max(100, catalogueMessages.nameTooLong);
const description = freeText().trim().max(1000, catalogueMessages.descriptionTooLong);

/** Names and descriptions in the three languages (descriptions optional). */
const localisedFieldsSchema = z.strictObject({
  nameEn: name,
  nameFr: name,
  nameAr: name,
  descriptionEn: description.default(''),
  descriptionFr: description.default(''),
  descriptionAr: description.default(''),
});

/**
 * The same fields without defaults: a PATCH must leave absent fields alone, and `.partial()` of a
 * field with `.default()` would still fill the default in (zod 4) and blank the descriptions.
 */
const localisedPatchShape = {
  nameEn: name,
  nameFr: name,
  nameAr: name,
  descriptionEn: description,
  descriptionFr: description,
  descriptionAr: description,
};

export const categoryFieldsSchema = localisedFieldsSchema;
export type CategoryFields = z.input<typeof categoryFieldsSchema>;
export const categoryPatchSchema = z.strictObject(localisedPatchShape).partial();
export const subcategoryFieldsSchema = localisedFieldsSchema.extend({
  categoryId: z.uuid(catalogueMessages.categoryRequired),
});
export type SubcategoryFields = z.input<typeof subcategoryFieldsSchema>;
export const subcategoryPatchSchema = z
  .strictObject({ ...localisedPatchShape, categoryId: z.uuid(catalogueMessages.categoryRequired) })
  .partial();

const localisedView = {
  id: z.uuid(),
  nameEn: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  descriptionAr: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
};

export const subcategorySchema = z.object({
  ...localisedView,
  categoryId: z.uuid(),
  productCount: z.number().int(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const categorySchema = z.object({
  ...localisedView,
  productCount: z.number().int(),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ data: z.array(categorySchema) });
export const subcategoryListSchema = z.object({ data: z.array(subcategorySchema) });
/** POST /categories/subcategories: the subcategories of several categories at once. */
export const subcategoriesByCategoriesSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'Choose at least one category').max(500),
});

// Products

export const deliveryTypes = ['instant', 'request'] as const;
export const deliveryTypeSchema = z.enum(deliveryTypes);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;
/** `backorder`: no key left, but an order is taken and filled when keys arrive (DESIGN.md §11). */
export const badges = ['new', 'instant', 'request', 'out of stock', 'backorder'] as const;
export const badgeSchema = z.enum(badges);
export type Badge = z.infer<typeof badgeSchema>;

const filledText = (input: unknown) => typeof input === 'string' && input.trim() !== '';
/**
 * A number as a form writes it: digits, an optional sign and decimals. Not `z.coerce.number()`,
 * which also reads "0x1A" as 26, "0b11" as 3 and "1e1" as 10 (found by a fuzzing pass).
 */
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const numberText = z.string().regex(NUMBER_TEXT).transform(Number);
/** Multipart forms send text: booleans and numbers arrive as strings and are read here. */
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);
// The text branch first: an empty field then says "Price is required", not "must be a number".
const formAmount = z.union(
  [
    z
      .string()
      .trim()
      .min(1, catalogueMessages.priceRequired)
      .pipe(numberText)
      .pipe(nonNegativeUsdAmount),
    nonNegativeUsdAmount,
  ],
  // Text that is not a number ("abc"): the form sends text, so say what the text should be.
  { error: (issue) => (filledText(issue.input) ? messages.amountNumber : undefined) },
);
const formStock = z
  .union([z.number(), z.string().trim().min(1).pipe(numberText)], {
    error: (issue) => (typeof issue.input === 'string' ? catalogueMessages.stockWhole : undefined),
  })
  .pipe(
    z
      .number()
      .int(catalogueMessages.stockWhole)
      .min(0, catalogueMessages.stockNegative)
      .max(1_000_000),
  );
/** A product's own low-stock threshold; empty or null: the default of the system settings. */
const formThreshold = z
  .union(
    [
      z.null(),
      z.literal('').transform(() => null),
      z.literal('null').transform(() => null),
      z.number(),
      z.string().trim().pipe(numberText),
    ],
    {
      error: (issue) =>
        typeof issue.input === 'string' ? catalogueMessages.thresholdWhole : undefined,
    },
  )
  .pipe(
    z
      .number({ error: catalogueMessages.thresholdWhole })
      .int(catalogueMessages.thresholdWhole)
      .min(0, catalogueMessages.thresholdNegative)
      .max(1_000_000)
      .nullable(),
  );
/** A product's purchase limit from a form: empty or null for none (productLimitFields). */
const formLimit = (limit: z.ZodType<number | null, number | null>) =>
  z
    .union(
      [
        z.null(),
        z.literal('').transform(() => null),
        z.literal('null').transform(() => null),
        z.number(),
        z.string().trim().pipe(numberText),
      ],
      {
        error: (issue) =>
          typeof issue.input === 'string' ? limitMessages.quantityWhole : undefined,
      },
    )
    .pipe(limit);
const optionalUuid = z.union([z.uuid(), z.literal('').transform(() => null), z.null()]);

export const productFieldsSchema = z.strictObject({
  name,
  description: description.default(''),
  categoryId: z.uuid(catalogueMessages.categoryRequired),
  subcategoryId: optionalUuid.default(null),
  deliveryType: deliveryTypeSchema,
  isNew: formBoolean.default(false),
  initialPrice: formAmount,
  managerPrice: formAmount,
  resellerPrice: formAmount,
  /** Request products only; an instant product's stock is its count of unsold keys. */
  stockQuantity: formStock.default(0),
  lowStockThreshold: formThreshold.default(null),
  /** Instant products: take orders beyond the keys, filled when keys are imported. */
  allowBackorder: formBoolean.default(false),
  /** Purchase limits: the most units in one order, and per buyer in a UTC day; null: none. */
  maxOrderQuantity: formLimit(productLimitFields.maxOrderQuantity).default(null),
  maxDailyQuantity: formLimit(productLimitFields.maxDailyQuantity).default(null),
});
export type ProductFields = z.input<typeof productFieldsSchema>;
const jsonStock = z
  .number({ error: catalogueMessages.stockWhole })
  .int(catalogueMessages.stockWhole)
  .min(0, catalogueMessages.stockNegative)
  .max(1_000_000);
const jsonThreshold = z
  .number({ error: catalogueMessages.thresholdWhole })
  .int(catalogueMessages.thresholdWhole)
  .min(0, catalogueMessages.thresholdNegative)
  .max(1_000_000)
  .nullable();
/**
 * PATCH /products/{id}, a JSON body: without the defaults of productFieldsSchema, so absent fields
 * stay as they are, and without its text readings, which only a multipart form needs. JSON says
 * what a number and a flag are (DESIGN.md §2): `".5"` for a price is a client's bug, refused.
 */
export const productPatchSchema = z
  .strictObject({
    name,
    description,
    categoryId: z.uuid(catalogueMessages.categoryRequired),
    subcategoryId: optionalUuid,
    deliveryType: deliveryTypeSchema,
    isNew: z.boolean(),
    initialPrice: nonNegativeUsdAmount,
    managerPrice: nonNegativeUsdAmount,
    resellerPrice: nonNegativeUsdAmount,
    stockQuantity: jsonStock,
    lowStockThreshold: jsonThreshold,
    allowBackorder: z.boolean(),
    ...productLimitFields,
  })
  .partial();

export const productCategoryRefSchema = z.object({
  id: z.uuid(),
  nameEn: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
});

/**
 * A product as the caller sees it: `price` is what the caller pays; managers and resellers also
 * get `sellingPrice` (what their invitees pay unless a package says otherwise); admins get the
 * platform's prices and the soft-delete date.
 */
export const productSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  category: productCategoryRefSchema,
  subcategory: productCategoryRefSchema.nullable(),
  deliveryType: deliveryTypeSchema,
  isNew: z.boolean(),
  badges: z.array(badgeSchema),
  stockQuantity: z.number().int(),
  /** Orders beyond the stock wait as backorders instead of being refused. */
  allowBackorder: z.boolean(),
  price: z.number(),
  sellingPrice: z.number().optional(),
  /** Managers and resellers: whether `sellingPrice` is hand-set, from a standing rule, or neither. */
  sellingPriceSource: z.enum(sellingPriceSources).optional(),
  initialPrice: z.number().optional(),
  managerPrice: z.number().optional(),
  resellerPrice: z.number().optional(),
  /** Admins: the product's own low-stock threshold; null uses the system settings' default. */
  lowStockThreshold: z.number().int().nullable().optional(),
  /** Admins: the purchase limits (null: none); buyers read theirs from GET /users/me/limits. */
  maxOrderQuantity: z.number().int().nullable().optional(),
  maxDailyQuantity: z.number().int().nullable().optional(),
  deletedAt: z.iso.datetime().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_LIST_MAX = 10_000;
/**
 * The columns a products list sorts by (`?sort=-stock`); unsorted, it is by name. The prices are
 * the platform's, which only administrators see, so only they sort by them.
 */
export const productSortColumns = [
  'name',
  'category',
  'initialPrice',
  'managerPrice',
  'resellerPrice',
  'stock',
] as const;
export type ProductSortColumn = (typeof productSortColumns)[number];
export const platformPriceSortColumns = [
  'initialPrice',
  'managerPrice',
  'resellerPrice',
] as const satisfies readonly ProductSortColumn[];

export const productListQuerySchema = z.object({
  /** The one list allowed 10000 (DESIGN.md §2). */
  ...pageFields(PRODUCT_LIST_MAX),
  categoryId: z.uuid().optional(),
  subcategoryId: z.uuid().optional(),
  search: searchText().max(100).optional(),
  /** Admins only: `only` lists the soft-deleted products, `include` lists both. */
  deleted: z.enum(['exclude', 'include', 'only']).default('exclude'),
  sort: sortParam(productSortColumns).optional(),
  /** The language whose category names `sort=category` follows; English unless told. */
  lang: z.enum(languages, { error: 'lang must be one of: en, fr, ar' }).optional(),
});

// Key inventory

export const KEYS_IMPORT_MAX_LINES = 10_000;
export const KEY_MAX_LENGTH = 2000;
export const importKeysRequestSchema = z.strictObject({
  keys: z.string().min(1, 'Please enter the product keys or account details').max(5_000_000),
});
export const importKeysResponseSchema = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  /** Empty or whitespace-only lines skipped (the empty piece after a final newline is no line). */
  blanks: z.number().int(),
  stock: z.number().int(),
  /** Waiting backorders the new keys completed (DESIGN.md §11). */
  backordersFilled: z.number().int(),
});
/** A key file (POST /products/{id}/keys/file): at most this many lines and bytes. */
export const KEYS_FILE_MAX_LINES = 1_000_000;
export const KEYS_FILE_MAX_BYTES = 256 * 1024 * 1024;
export const KEY_FILE_EXTENSIONS = ['.txt', '.csv'] as const;
/** POST /products/{id}/keys/file?name=…: the file's name says how to read it (.txt or .csv). */
export const importKeysFileQuerySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the file being uploaded')
    .max(255)
    .refine(
      (name) => KEY_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)),
      'Upload a .txt or .csv file',
    ),
});
/**
 * A key file's import, run in the background in batches, each committed with its progress
 * (POST /products/{id}/keys/file answers it queued; GET …/keys/imports/{importId} follows it).
 */
export const keyImportStatuses = ['queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type KeyImportStatus = (typeof keyImportStatuses)[number];
export const keyImportSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(keyImportStatuses),
  /** The file's lines, and of them the keys (not blank, not a CSV header), counted at upload. */
  linesTotal: z.number().int(),
  keysTotal: z.number().int(),
  /** Committed so far: lines read, keys added, keys already stored, blank lines skipped. */
  linesRead: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  blanks: z.number().int(),
  /** Waiting backorders the keys added so far completed. */
  backordersFilled: z.number().int(),
  /** Why the import failed (`failed`). */
  error: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type KeyImport = z.infer<typeof keyImportSchema>;
export const keyImportParamsSchema = z.object({ id: z.uuid(), importId: z.uuid() });
/** GET /products/{id}/keys/imports: the product's latest imports, newest first. */
export const keyImportListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const keyImportListSchema = z.object({ data: z.array(keyImportSchema) });
/** At most this many keys selected at once (delete, move). */
export const KEYS_SELECTION_MAX = 1000;
const keySelection = z
  .array(z.uuid('Choose keys from the list'))
  .min(1, 'Select at least one key')
  .max(KEYS_SELECTION_MAX, `Select at most ${KEYS_SELECTION_MAX} keys at a time`)
  .refine((ids) => new Set(ids).size === ids.length, 'A key is selected twice');
/**
 * POST /products/{id}/keys/move: the selected unsold keys (`keyIds`), or the `count` oldest
 * unsold keys (all of them when `count` is the unsold stock), to another instant product.
 */
export const moveKeysRequestSchema = z
  .strictObject({
    toProductId: z.uuid('Choose the product to move the keys to'),
    count: z.number().int().positive('Move at least one key').optional(),
    keyIds: keySelection.optional(),
  })
  .refine((v) => (v.count === undefined) !== (v.keyIds === undefined), {
    message: 'Give either the keys to move or how many',
    path: ['keyIds'],
  });
export const moveKeysResponseSchema = z.object({
  moved: z.number().int(),
  /** The source product's stock after the move, and the target's. */
  stock: z.number().int(),
  targetStock: z.number().int(),
});
/** DELETE /products/{id}/keys: unsold keys only, all or none. */
export const deleteKeysRequestSchema = z.strictObject({ keyIds: keySelection });
export const deleteKeysResponseSchema = z.object({
  deleted: z.number().int(),
  stock: z.number().int(),
});
export const productKeyParamsSchema = z.object({ id: z.uuid(), keyId: z.uuid() });
export const productKeySchema = z.object({
  id: z.uuid(),
  masked: z.string(),
  sold: z.boolean(),
  orderId: z.uuid().nullable(),
  soldAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

// Price Control

/** Admin: the product's manager and reseller prices. Manager/reseller: `resellerPrice` is its own selling price. */
export const updateRolePriceSchema = z
  .strictObject({
    managerPrice: nonNegativeUsdAmount.optional(),
    resellerPrice: nonNegativeUsdAmount.optional(),
  })
  .refine(
    (v) => v.managerPrice !== undefined || v.resellerPrice !== undefined,
    'Enter a price to update',
  );

/**
 * Signed USD amounts added to each listed product's prices, all or nothing. A row must change
 * something: a change of 0 is refused rather than answered as an update that did nothing.
 */
const priceChangeFields = {
  managerPrice: usdAmount.optional(),
  resellerPrice: usdAmount.optional(),
};
const changesAPrice = (v: { managerPrice?: number; resellerPrice?: number }) =>
  [v.managerPrice, v.resellerPrice].some((change) => change !== undefined && change !== 0);
/** The signed USD amounts a bulk update adds to each target product's prices. */
const amountChangeSchema = z
  .strictObject(priceChangeFields)
  .refine(changesAPrice, 'Enter a price change');
/** The signed percentages a bulk update applies to each target product's prices. */
const percentChangeSchema = z
  .strictObject({
    managerPrice: percentChange.optional(),
    resellerPrice: percentChange.optional(),
  })
  .refine(changesAPrice, 'Enter a price change');

/** How the bulk form changes prices: by a USD amount or by a percentage. */
export const bulkPriceModes = ['amount', 'percent'] as const;
export type BulkPriceMode = (typeof bulkPriceModes)[number];

/**
 * The bulk form's fields: the mode, then each price's change in that mode's unit, checked by the
 * request's own rules (`usdAmount` or `percentChange`) so the form and the server agree.
 */
export const bulkPriceChangeSchema = z
  .strictObject({
    mode: z.enum(bulkPriceModes),
    // NaN is what a field holds when its text is not a number: let through to the mode's own
    // check, which names the problem ("Percentage must be a number").
    managerPrice: z.number().or(z.nan()).optional(),
    resellerPrice: z.number().or(z.nan()).optional(),
  })
  .superRefine((value, ctx) => {
    const { mode, ...change } = value;
    const checked = (mode === 'percent' ? percentChangeSchema : amountChangeSchema).safeParse(
      change,
    );
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

/** At most this many products named in one bulk update. */
export const BULK_PRODUCTS_MAX = 10_000;

/**
 * The products a percentage or amount change applies to, resolved by the server inside the
 * update's transaction: the listed `productIds`, every live product of `categoryId` (its
 * subcategories' included), or every live product (`all`). A category's or the catalogue's
 * products are read when the change is applied, once: a product added afterwards keeps its own
 * prices (this is a one-off change, not a standing rule).
 */
export const bulkPriceTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('products'),
    productIds: z
      .array(z.uuid())
      .min(1, 'Select at least one product')
      .max(BULK_PRODUCTS_MAX)
      .superRefine((ids, ctx) => {
        rejectRepeatedProducts(
          ids.map((productId) => ({ productId })),
          ctx,
        );
      }),
  }),
  z.strictObject({ kind: z.literal('category'), categoryId: z.uuid() }),
  z.strictObject({ kind: z.literal('all') }),
]);
export type BulkPriceTarget = z.infer<typeof bulkPriceTargetSchema>;

/**
 * PATCH /products/bulk-update-prices, all or nothing, in one of three bodies told apart by `mode`:
 * - no `mode` (the original body): `products`, each row a product id and signed USD amounts
 *   added to its prices; a refusal's `details` point at `body.products.<index>.<field>`.
 * - `mode: 'amount'`: `change` holds signed USD amounts added to every `target` product's prices.
 * - `mode: 'percent'`: `change` holds signed percentages (-90 to 1000, at most 2 decimals);
 *   each new price is the old one × (1 + p/100), rounded half up to the cent
 *   (`applyPercentCents`: 9.99 at +15 % is 11.49).
 * With a `target`, a refusal's `details` point at `products.<productId>.<field>` (the server
 * chose the products, so there is no row of the body to name). Administrators change the
 * platform's `managerPrice` and `resellerPrice` (never below the initial price); a manager or
 * reseller changes its own selling price (`resellerPrice`, from its current one), never below
 * what it pays. Any price refused, or a product unknown, changes nothing.
 */
export const bulkUpdatePricesSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    // Optional so that a body written before the modes keeps its meaning; 'rows' says it outright.
    mode: z.literal('rows').optional(),
    products: z
      .array(
        z
          .strictObject({ productId: z.uuid(), ...priceChangeFields })
          .refine(changesAPrice, 'Enter a price change'),
      )
      .min(1, 'Select at least one product')
      .max(BULK_PRODUCTS_MAX)
      .superRefine(rejectRepeatedProducts),
  }),
  z.strictObject({
    mode: z.literal('amount'),
    change: amountChangeSchema,
    target: bulkPriceTargetSchema,
  }),
  z.strictObject({
    mode: z.literal('percent'),
    change: percentChangeSchema,
    target: bulkPriceTargetSchema,
  }),
]);
export const bulkUpdatePricesResponseSchema = z.object({ updated: z.number().int() });

/** A product listed twice in one request would be applied twice; the caller meant it once. */
export function rejectRepeatedProducts(
  rows: readonly { productId: string }[],
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (seen.has(row.productId)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'productId'],
        message: 'This product is listed twice',
      });
    }
    seen.add(row.productId);
  });
}

export const productListSchema = paginated(productSchema);
export type ProductList = z.infer<typeof productListSchema>;
/** GET /products/subcategory/{id}: the same filters as GET /products but the subcategory is in the path. */
export const subcategoryProductsQuerySchema = productListQuerySchema.omit({
  categoryId: true,
  subcategoryId: true,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export const productKeyListSchema = paginated(productKeySchema);

/**
 * GET /products/{id}/keys (admin): `status` keeps sold or unsold keys only. `format=csv` exports
 * the unsold keys themselves, decrypted, and is itself audited, so it takes `status=unsold`.
 */
export const productKeysQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(['sold', 'unsold']).optional(),
    /** A whole key, its first characters or its last characters (the masked listing's). */
    q: z.string().trim().max(KEY_MAX_LENGTH).optional(),
    format: exportFormatSchema,
  })
  .refine((q) => q.format !== 'csv' || q.status === 'unsold', {
    message: 'Only unsold keys can be exported: add status=unsold',
    path: ['status'],
  });
export type ProductKeysQuery = z.output<typeof productKeysQuerySchema>;
