import type { Product } from '@keymarket/contracts/catalogue';
import type { V1Balance } from '@keymarket/contracts/integration';
import type { CreateOrderInput, Order } from '@keymarket/contracts/orders';

/** What the interactive reference (/api/docs) shows for each v1 call: typed, so they stay true. */

const category = {
  id: '5d1b0c1e-8f6a-4c2e-9b7d-2a4f6e8c0d11',
  nameEn: 'Gift cards',
  nameFr: 'Cartes cadeaux',
  nameAr: 'بطاقات الهدايا',
};

export const productExample: Product = {
  id: '3b0c9a52-1d7e-4f3a-8c6b-5e2d9f0a7b14',
  name: 'Steam Wallet 20 USD',
  description: 'Redeem on any Steam account (global).',
  imageUrl: '/api/files/7a6c4e2f-0b1d-4c3e-9f8a-1b2c3d4e5f60',
  category,
  subcategory: null,
  deliveryType: 'instant',
  isNew: false,
  badges: ['instant'],
  stockQuantity: 148,
  allowBackorder: false,
  price: 18.4,
  sellingPrice: 19.5,
  createdAt: '2026-10-02T09:15:00.000Z',
};

export const productListExample = {
  data: [productExample],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};

export const balanceExample: V1Balance = { balance: 120.5, profit: 4.2 };

export const createOrderExample: CreateOrderInput = {
  productId: productExample.id,
  quantity: 2,
  notes: 'customer #1042',
};

export const orderExample: Order = {
  id: '9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0',
  status: 'completed',
  productId: productExample.id,
  productName: productExample.name,
  buyer: { id: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', username: 'bytebazaar' },
  seller: null,
  category,
  quantity: 2,
  deliveryType: 'instant',
  unitPrice: 18.4,
  totalAmount: 36.8,
  createdAt: '2026-11-24T10:42:07.000Z',
  deliveredAt: '2026-11-24T10:42:07.000Z',
  notes: 'customer #1042',
  rejectionReason: null,
  cancelledByBuyer: false,
  backordered: false,
  responseKeys: ['XXXXX-AAAAA-11111', 'XXXXX-BBBBB-22222'],
  keyStates: ['delivered', 'delivered'],
};

export const orderListExample = {
  data: [orderExample],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};
