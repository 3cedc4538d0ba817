import type { APIRequestContext } from '@playwright/test';
import { expectOk, jsonOf, uniqueSuffix } from './api';

/** A real 1×1 PNG: the server checks images by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A file for a form's file input or a multipart request. */
export const image = () => ({ name: 'image.png', mimeType: 'image/png', buffer: PNG });

export type SeededProduct = {
  id: string;
  name: string;
  categoryId: string;
  subcategoryId: string;
  deliveryType: 'instant' | 'request';
};

type ProductOptions = {
  deliveryType?: 'instant' | 'request';
  initialPrice?: number;
  managerPrice?: number;
  resellerPrice?: number;
  /** Request products only: the stock number the admin sets. */
  stockQuantity?: number;
  /** Instant products only: keys added to the inventory. */
  keys?: string[];
  name?: string;
};

/** A category, a subcategory and a product in them, all through the admin API. */
export async function seedProduct(
  admin: APIRequestContext,
  options: ProductOptions = {},
): Promise<SeededProduct> {
  const suffix = uniqueSuffix();
  const category = await jsonOf<{ id: string }>(
    await admin.post('/api/categories/category', {
      multipart: {
        nameEn: `Games ${suffix}`,
        nameFr: `Jeux ${suffix}`,
        nameAr: `ألعاب ${suffix}`,
        descriptionEn: 'Game keys',
        descriptionFr: 'Clés de jeux',
        descriptionAr: 'مفاتيح الألعاب',
        image: image(),
      },
    }),
    'Creating a category',
  );
  const subcategory = await jsonOf<{ id: string }>(
    await admin.post('/api/categories/subcategory', {
      multipart: {
        categoryId: category.id,
        nameEn: `Steam ${suffix}`,
        nameFr: `Steam ${suffix}`,
        nameAr: `ستيم ${suffix}`,
        descriptionEn: 'Steam keys',
        descriptionFr: 'Clés Steam',
        descriptionAr: 'مفاتيح ستيم',
        image: image(),
      },
    }),
    'Creating a subcategory',
  );
  const deliveryType = options.deliveryType ?? 'instant';
  const name = options.name ?? `Product ${suffix}`;
  const product = await jsonOf<{ id: string }>(
    await admin.post('/api/products', {
      multipart: {
        name,
        categoryId: category.id,
        subcategoryId: subcategory.id,
        deliveryType,
        isNew: 'true',
        initialPrice: String(options.initialPrice ?? 5),
        managerPrice: String(options.managerPrice ?? 8),
        resellerPrice: String(options.resellerPrice ?? 10),
        stockQuantity: String(options.stockQuantity ?? 0),
        image: image(),
      },
    }),
    'Creating a product',
  );
  if (options.keys?.length) await addKeys(admin, product.id, options.keys);
  return {
    id: product.id,
    name,
    categoryId: category.id,
    subcategoryId: subcategory.id,
    deliveryType,
  };
}

export async function addKeys(admin: APIRequestContext, productId: string, keys: string[]) {
  await expectOk(
    await admin.post(`/api/products/${productId}/keys`, { data: { keys: keys.join('\n') } }),
    'Adding keys',
  );
}

/** Fresh, recognisable keys. */
export function newKeys(count: number, prefix = 'KEY'): string[] {
  const suffix = uniqueSuffix().toUpperCase();
  return Array.from({ length: count }, (_, index) => `${prefix}-${suffix}-${index + 1}`);
}

/** A seller sets what its invitees pay for a product (Price Control). */
export async function setSellingPrice(
  seller: APIRequestContext,
  productId: string,
  resellerPrice: number,
) {
  await expectOk(
    await seller.patch(`/api/products/${productId}/update-role-price`, {
      data: { resellerPrice },
    }),
    'Setting a selling price',
  );
}

export type Order = {
  id: string;
  status: 'pending' | 'completed' | 'rejected';
  responseKeys?: string[];
  totalAmount: number;
};

export async function placeOrder(
  buyer: APIRequestContext,
  productId: string,
  quantity = 1,
  notes?: string,
): Promise<Order> {
  return jsonOf<Order>(
    await buyer.post('/api/orders', { data: { productId, quantity, ...(notes ? { notes } : {}) } }),
    'Placing an order',
  );
}
