import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { SEARCH_DELAY_MS } from '@/lib/use-debounced';
import { aProduct } from '@/testing/fixtures';
import { mockApi, okReply, type Reply, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { Catalogue } from './catalogue';

const games = {
  id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
  nameEn: 'Games',
  nameFr: 'Jeux',
  nameAr: 'ألعاب',
};

const catalogue: Product[] = [
  'Steam Wallet 20',
  'Netflix Premium',
  'steam deck gift',
  'ÉCRAN 4K',
  'بطاقة ستيم',
].map((name, index) => aProduct(index + 1, { name }));

const categoriesReply = okReply({
  data: [
    {
      ...games,
      descriptionEn: '',
      descriptionFr: '',
      descriptionAr: '',
      imageUrl: null,
      createdAt: '2025-01-15T10:00:00.000Z',
      productCount: catalogue.length,
      subcategories: [],
    },
  ],
});

const listReply = (products: Product[]): Reply =>
  okReply({
    data: products,
    pagination: { page: 1, limit: 10_000, total: products.length, totalPages: 1 },
  });

/** The query of every catalogue request the page made, in order. */
function productRequests(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/products')
    .map((url) => url.searchParams);
}

const shownNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => within(row).queryAllByTitle(/./)[0]?.getAttribute('title'));

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });

describe('the shop search, in the page', () => {
  // jsdom has no layout: give every element a screenful so the virtualiser has a viewport.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  afterEach(() => vi.restoreAllMocks());

  it('filters the loaded list as each key is typed, with no new request', async () => {
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listReply(catalogue),
    });
    renderWithProviders(<Catalogue />);
    await screen.findByRole('region', { name: 'Products (5)' });

    const user = userEvent.setup();
    await user.type(searchBox(), 'st');
    // At once: no pause before the list changes.
    expect(shownNames(screen.getByRole('region', { name: 'Products (2)' }))).toEqual([
      'Steam Wallet 20',
      'steam deck gift',
    ]);
    await user.type(searchBox(), 'eam w');
    expect(shownNames(screen.getByRole('region', { name: 'Products (1)' }))).toEqual([
      'Steam Wallet 20',
    ]);
    expect(screen.getByText('1 product')).toBeInTheDocument();

    // Longer than the pause the server search waited for: still the one request, unfiltered.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 100));
    const requests = productRequests(fetchMock);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.has('search')).toBe(false);
  });

  it('matches case aside, in French and Arabic names too', async () => {
    mockApi({ 'GET /categories': categoriesReply, 'GET /products': listReply(catalogue) });
    renderWithProviders(<Catalogue />);
    await screen.findByRole('region', { name: 'Products (5)' });

    const user = userEvent.setup();
    await user.type(searchBox(), 'STEAM');
    expect(shownNames(screen.getByRole('region', { name: 'Products (2)' }))).toEqual([
      'Steam Wallet 20',
      'steam deck gift',
    ]);
    await user.clear(searchBox());
    await user.type(searchBox(), 'écran');
    expect(shownNames(screen.getByRole('region', { name: 'Products (1)' }))).toEqual(['ÉCRAN 4K']);
    await user.clear(searchBox());
    await user.type(searchBox(), 'ستيم');
    expect(shownNames(screen.getByRole('region', { name: 'Products (1)' }))).toEqual([
      'بطاقة ستيم',
    ]);
  });

  it('applies the term of the link (?search=) on load, without asking the server for it', async () => {
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listReply(catalogue),
    });
    renderWithProviders(<Catalogue />, { url: '/?search=NETFLIX' });

    const list = await screen.findByRole('region', { name: 'Products (1)' });
    expect(shownNames(list)).toEqual(['Netflix Premium']);
    expect(searchBox()).toHaveValue('NETFLIX');
    expect(productRequests(fetchMock).map((query) => query.has('search'))).toEqual([false]);
  });

  it('shows the no-results message when nothing matches, and the list again once cleared', async () => {
    mockApi({ 'GET /categories': categoriesReply, 'GET /products': listReply(catalogue) });
    renderWithProviders(<Catalogue />);
    await screen.findByRole('region', { name: 'Products (5)' });

    const user = userEvent.setup();
    await user.type(searchBox(), 'xbox');
    expect(screen.getByText('No results found.')).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Products/ })).not.toBeInTheDocument();

    await user.clear(searchBox());
    expect(screen.getByRole('region', { name: 'Products (5)' })).toBeInTheDocument();
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
  });

  it('still asks the server for a shelf, and searches the shelf it answers', async () => {
    const shelves = [listReply(catalogue), listReply(catalogue.slice(1, 3))];
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': () => shelves.shift()!,
    });
    renderWithProviders(<Catalogue />);
    await screen.findByRole('region', { name: 'Products (5)' });

    const user = userEvent.setup();
    await user.type(searchBox(), 'steam');
    await user.click(screen.getByRole('button', { name: /Games/ }));

    const list = await screen.findByRole('region', { name: 'Products (1)' });
    expect(shownNames(list)).toEqual(['steam deck gift']);
    const requests = productRequests(fetchMock);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.get('categoryId')).toBe(games.id);
    expect(requests[1]!.has('search')).toBe(false);
  });
});
