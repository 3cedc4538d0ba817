import type { Category, Product, Subcategory } from '@keymarket/contracts/catalogue';

/** Test data for the catalogue screens, shaped like the API's answers. */
export const CATEGORY_ID = '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f';
export const SUBCATEGORY_ID = '3c2e8d4f-6e5b-4f9c-8d2e-1b3c4d5e6f70';
export const PRODUCT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export function aSubcategory(overrides: Partial<Subcategory> = {}): Subcategory {
  return {
    id: SUBCATEGORY_ID,
    categoryId: CATEGORY_ID,
    nameEn: 'Steam',
    nameFr: 'Steam FR',
    nameAr: 'ستيم',
    descriptionEn: 'Steam keys',
    descriptionFr: 'Clés Steam',
    descriptionAr: 'مفاتيح ستيم',
    imageUrl: '/api/files/0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a11',
    productCount: 0,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: CATEGORY_ID,
    nameEn: 'Games',
    nameFr: 'Jeux',
    nameAr: 'ألعاب',
    descriptionEn: 'Game keys',
    descriptionFr: 'Clés de jeux',
    descriptionAr: 'مفاتيح الألعاب',
    imageUrl: '/api/files/0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
    productCount: 0,
    subcategories: [aSubcategory()],
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: PRODUCT_ID,
    name: 'Elden Ring',
    description: '',
    imageUrl: null,
    category: { id: CATEGORY_ID, nameEn: 'Games', nameFr: 'Jeux', nameAr: 'ألعاب' },
    subcategory: { id: SUBCATEGORY_ID, nameEn: 'Steam', nameFr: 'Steam FR', nameAr: 'ستيم' },
    deliveryType: 'instant',
    isNew: true,
    allowBackorder: false,
    badges: ['new', 'instant'],
    stockQuantity: 3,
    price: 5,
    initialPrice: 5,
    managerPrice: 8,
    resellerPrice: 10,
    deletedAt: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A real PNG's first bytes are not needed here: the browser check reads the type and size. */
export function anImageFile(name = 'cover.png', type = 'image/png', sizeBytes = 64): File {
  return new File([new Uint8Array(sizeBytes)], name, { type });
}
