import type { Category, Product } from '@keymarket/contracts/catalogue';
import type { Invitation } from '@keymarket/contracts/invitations';
import type { Faq } from '@keymarket/contracts/settings';
import type { Ticket } from '@keymarket/contracts/tickets';
import type { Role, User } from '@keymarket/contracts/users';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11',
    username: 'nadia',
    firstName: 'Nadia',
    lastName: 'Haddad',
    email: 'nadia@example.com',
    phone: '+33612345678',
    role: 'reseller' satisfies Role,
    status: 'active',
    banReason: null,
    invitedBy: null,
    avatarUrl: null,
    country: 'FR',
    balance: { current: 120.5, total: 300, spent: 179.5, profit: 42.25 },
    orders: { total: 12, completed: 10, pending: 1, rejected: 1 },
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
    code: 'K7M2QX9P',
    role: 'reseller',
    status: 'unused',
    createdAt: '2025-02-01T09:00:00.000Z',
    expiresAt: '2025-02-08T09:00:00.000Z',
    usedAt: null,
    usedBy: null,
    ...overrides,
  };
}

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: '3a9e5c1d-7b24-4f86-a0d3-5e8c2b7f4a19',
    subject: 'Key does not work',
    message: 'The key I bought this morning is refused by the store.',
    status: 'open',
    adminResponse: null,
    report: null,
    user: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
    respondedAt: null,
    unread: false,
    lastMessageAt: '2025-03-02T08:30:00.000Z',
    closedAt: null,
    createdAt: '2025-03-02T08:30:00.000Z',
    updatedAt: '2025-03-02T08:30:00.000Z',
    ...overrides,
  };
}

export function aFaq(overrides: Partial<Faq> = {}): Faq {
  return {
    id: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
    questionEn: 'How do I top up my balance?',
    questionFr: 'Comment recharger mon solde ?',
    questionAr: 'كيف أشحن رصيدي؟',
    answerEn: 'Ask the member who invited you.',
    answerFr: 'Demandez au membre qui vous a invité.',
    answerAr: 'اطلب ذلك من العضو الذي دعاك.',
    position: 0,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

/** The `index`-th product of a catalogue, as a manager or reseller sees it (cost and selling price). */
export function aProduct(index: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Product ${index}`,
    description: '',
    imageUrl: null,
    category: {
      id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
      nameEn: 'Games',
      nameFr: 'Jeux',
      nameAr: 'ألعاب',
    },
    subcategory: null,
    deliveryType: 'instant',
    isNew: false,
    badges: ['instant'],
    stockQuantity: 5,
    allowBackorder: false,
    price: 8,
    sellingPrice: 10,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A category as GET /categories lists it: Games, the category of `aProduct`. */
export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
    nameEn: 'Games',
    nameFr: 'Jeux',
    nameAr: 'ألعاب',
    descriptionEn: '',
    descriptionFr: '',
    descriptionAr: '',
    imageUrl: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    productCount: 1,
    subcategories: [],
    ...overrides,
  };
}
