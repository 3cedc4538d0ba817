import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aCategory, aProduct, CATEGORY_ID, PRODUCT_ID } from '../catalogue-fixtures';
import { ProductsScreen } from './products-screen';

const pageOf = (data: Product[]) =>
  okReply({ data, pagination: { page: 1, limit: 10_000, total: data.length, totalPages: 1 } });

/** The `GET /products` queries made so far, as search parameters. */
function productQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/products')
    .map((url) => Object.fromEntries(url.searchParams));
}

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('products screen', { timeout: 15_000 }, () => {
  // jsdom has no layout: give every element a screenful so the virtualiser has a viewport.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });

  it('renders only the rows in view of 10,000 products, with prices and stock', async () => {
    const products = Array.from({ length: 10_000 }, (_, index) =>
      aProduct({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `Product ${index + 1}`,
      }),
    );
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      'GET /products': pageOf(products),
    });
    renderWithProviders(<ProductsScreen />);

    expect(await screen.findByText('Products: 10000', {}, { timeout: 15_000 })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(table).getAllByRole('row');
    // The header, a spacer and a screenful of rows with a few extra: not ten thousand.
    expect(rows.length).toBeLessThan(40);
    const first = within(table).getByText('Product 1').closest('tr')!;
    for (const text of ['Games', 'Steam', 'Instant', '$5.00', '$8.00', '$10.00', '3', 'New']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(productQueries(fetchMock)[0]).toEqual({ limit: '10000', deleted: 'exclude' });
  });

  it('searches and filters by category through the API', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      'GET /products': pageOf([aProduct()]),
    });
    renderWithProviders(<ProductsScreen />);

    await screen.findByRole('option', { name: 'Games' });
    await user.selectOptions(screen.getByLabelText('Filter by category'), CATEGORY_ID);
    await user.type(screen.getByLabelText('Search products'), 'elden');
    await vi.waitFor(() =>
      expect(productQueries(fetchMock).at(-1)).toEqual({
        limit: '10000',
        categoryId: CATEGORY_ID,
        search: 'elden',
        deleted: 'exclude',
      }),
    );
  });

  it('deletes a product only after confirmation', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      'GET /products': () => pageOf(deleted ? [] : [aProduct()]),
      [`DELETE /products/${PRODUCT_ID}`]: () => {
        deleted = true;
        return okReply(aProduct({ deletedAt: '2025-03-01T10:00:00.000Z' }));
      },
    });
    renderWithProviders(<ProductsScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Elden Ring' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Elden Ring?' });
    expect(requestedPaths(fetchMock)).not.toContain(`DELETE /products/${PRODUCT_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product Elden Ring deleted')).toBeInTheDocument();
    expect(await screen.findByText(/No products yet/)).toBeInTheDocument();
  });

  it('lists the deleted products and restores one', async () => {
    let restored = false;
    const gone = aProduct({ deletedAt: '2025-03-01T10:00:00.000Z' });
    // The deleted view asks the API for the soft-deleted products only.
    const deletedOnly = () =>
      productQueries(fetchMock).at(-1)?.deleted === 'only' && !restored ? [gone] : [];
    const fetchMock: ReturnType<typeof mockApi> = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      'GET /products': () => pageOf(deletedOnly()),
      [`POST /products/${PRODUCT_ID}/restore`]: () => {
        restored = true;
        return okReply(aProduct());
      },
    });
    renderWithProviders(<ProductsScreen />);
    const user = userEvent.setup();

    await screen.findByText(/No products yet/);
    await user.click(screen.getByRole('button', { name: 'Deleted' }));
    expect(screen.getByRole('button', { name: 'Deleted' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/^Deleted Mar 1, 2025/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Elden Ring' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Elden Ring' }));

    expect(await screen.findByText('Product Elden Ring restored')).toBeInTheDocument();
    expect(await screen.findByText('No deleted products.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`POST /products/${PRODUCT_ID}/restore`);
  });
});
