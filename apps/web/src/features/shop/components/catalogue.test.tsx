import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { Catalogue } from './catalogue';

const games = {
  id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
  nameEn: 'Games',
  nameFr: 'Jeux',
  nameAr: 'ألعاب',
};

function productNumber(index: number): Product {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Product ${index}`,
    description: '',
    imageUrl: null,
    category: games,
    subcategory: null,
    deliveryType: 'instant',
    isNew: false,
    badges: ['instant'],
    stockQuantity: 5,
    allowBackorder: false,
    price: 10,
    sellingPrice: 12,
    createdAt: '2025-01-15T10:00:00.000Z',
  };
}

const TOTAL = 10_000;
const products = Array.from({ length: TOTAL }, (_, index) => productNumber(index + 1));

// Parsing 10,000 products with the contract takes seconds in jsdom on a shared, busy machine.
describe('catalogue', { timeout: 15_000 }, () => {
  // jsdom has no layout: give every element a screenful so the virtualiser has a viewport.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders 10,000 products with only the visible rows in the page', async () => {
    mockApi({
      'GET /categories': okReply({
        data: [
          {
            ...games,
            descriptionEn: '',
            descriptionFr: '',
            descriptionAr: '',
            imageUrl: null,
            createdAt: '2025-01-15T10:00:00.000Z',
            productCount: TOTAL,
            subcategories: [],
          },
        ],
      }),
      'GET /products': okReply({
        data: products,
        pagination: { page: 1, limit: TOTAL, total: TOTAL, totalPages: 1 },
      }),
    });
    renderWithProviders(<Catalogue />);

    const list = await screen.findByRole('region', { name: `Products (${TOTAL})` });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
    expect(within(list).getByText('Product 1')).toBeInTheDocument();
    expect(within(list).getAllByText('$12.00').length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: /Games/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Buy Product 1' }));
    expect(await screen.findByRole('dialog', { name: 'Buy Product 1' })).toBeInTheDocument();
  });
});
