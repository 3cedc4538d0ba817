import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { AppProvider } from '@/app/provider';
import { AppToaster } from '@/app/toaster';
import { mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { findByRoleShowing, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { aCategory, aProduct, CATEGORY_ID, PRODUCT_ID } from '../catalogue-fixtures';
import { ProductsScreen } from './products-screen';

/** The suppliers' products the list names as their source: none here. */
const noDockedProducts = { 'GET /upstreams/docked-products': okReply({ data: [] }) };

const pageOf = (data: Product[], { page = 1, limit = 10, total = data.length } = {}) =>
  okReply({ data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } });

/** The `GET /products` queries made so far, as search parameters. */
function productQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/products')
    .map((url) => Object.fromEntries(url.searchParams));
}

/** The screen at `path`, with the router to read the URL it keeps its state in. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ProductsScreen />
            <AppToaster />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const urlParams = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** Products named `Product 1`… as the server would page them. */
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    aProduct({
      id: `00000000-0000-4000-8000-${String(from + index).padStart(12, '0')}`,
      name: `Product ${from + index}`,
    }),
  );

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('products screen', { timeout: 15_000 }, () => {
  it('asks the server for one page and shows its rows with prices and stock', async () => {
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      ...noDockedProducts,
      'GET /products': pageOf(numbered(1, 10), { total: 137 }),
    });
    renderAt('/');

    expect(await screen.findByText('Products: 137')).toBeInTheDocument();
    expect(productQueries(fetchMock)[0]).toEqual({ page: '1', limit: '10', deleted: 'exclude' });
    const table = screen.getByRole('table', { name: 'Products table' });
    // A header row and the page's ten products: the catalogue is never loaded whole.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const first = getByRoleShowing('row', 'Product 1', table);
    for (const text of ['Games', 'Steam', 'Instant', '$5.00', '$8.00', '$10.00', '3', 'New']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pagination).toHaveTextContent('Page 1 of 14');
  });

  it('keeps the page, its size, the sort and the filters in the URL and asks for them', async () => {
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      ...noDockedProducts,
      'GET /products': () => {
        const query = productQueries(fetchMock).at(-1) ?? {};
        const limit = Number(query.limit);
        const page = Number(query.page);
        return pageOf(numbered((page - 1) * limit + 1, limit), { page, limit, total: 137 });
      },
    });
    const router = renderAt('/?page=3&size=25&sort=-stock&category=' + CATEGORY_ID);
    const user = userEvent.setup();

    expect(await screen.findByText('Product 51')).toBeInTheDocument();
    expect(productQueries(fetchMock)[0]).toEqual({
      page: '3',
      limit: '25',
      categoryId: CATEGORY_ID,
      deleted: 'exclude',
      sort: '-stock',
    });
    expect(screen.getByRole('columnheader', { name: /Stock/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pagination).toHaveTextContent('Page 3 of 6');

    // Next page, then a jump to the last one.
    await user.click(within(pagination).getByRole('button', { name: 'Next page' }));
    await expect.poll(() => urlParams(router).page).toBe('4');
    expect(await screen.findByText('Product 76')).toBeInTheDocument();
    await user.type(within(pagination).getByLabelText('Go to page'), '6');
    await user.click(within(pagination).getByRole('button', { name: 'Go' }));
    await expect.poll(() => productQueries(fetchMock).at(-1)?.page).toBe('6');
    expect(urlParams(router).page).toBe('6');

    // Another page size starts again from the first page.
    await user.selectOptions(within(pagination).getByLabelText('Rows per page'), '50');
    await expect
      .poll(() => productQueries(fetchMock).at(-1))
      .toEqual({
        page: '1',
        limit: '50',
        categoryId: CATEGORY_ID,
        deleted: 'exclude',
        sort: '-stock',
      });
    expect(urlParams(router)).toEqual({ size: '50', sort: '-stock', category: CATEGORY_ID });

    // Sorting by category asks for the names in the reader's language, from the first page.
    await user.click(
      within(screen.getByRole('columnheader', { name: /Category/ })).getByRole('button'),
    );
    await expect
      .poll(() => productQueries(fetchMock).at(-1))
      .toEqual({
        page: '1',
        limit: '50',
        categoryId: CATEGORY_ID,
        deleted: 'exclude',
        sort: 'category',
        lang: 'en',
      });
    expect(urlParams(router).sort).toBe('category');
  });

  it('searches and filters by category through the API', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      ...noDockedProducts,
      'GET /products': pageOf([aProduct()]),
    });
    renderWithProviders(<ProductsScreen />, { url: '/?page=2' });

    await screen.findByRole('option', { name: 'Games' });
    await user.selectOptions(screen.getByLabelText('Filter by category'), CATEGORY_ID);
    await user.type(screen.getByLabelText('Search products'), 'elden');
    // A new filter starts from the first page.
    await vi.waitFor(() =>
      expect(productQueries(fetchMock).at(-1)).toEqual({
        page: '1',
        limit: '10',
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
      ...noDockedProducts,
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
      ...noDockedProducts,
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

  it("names a docked product's supplier, and why it is paused", async () => {
    mockApi({
      'GET /categories': okReply({ data: [aCategory()] }),
      'GET /products': pageOf([aProduct()]),
      'GET /upstreams/docked-products': okReply({
        data: [
          {
            productId: PRODUCT_ID,
            upstream: { id: '5b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d', name: 'Big Supplier' },
            upstreamProductId: '6b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
            pausedAt: '2025-03-01T10:00:00.000Z',
            pauseReason: 'No longer available from the supplier',
          },
        ],
      }),
    });
    renderAt('/');

    const row = await findByRoleShowing('row', 'Big Supplier');
    expect(row).toHaveTextContent('From Big Supplier');
    expect(row).toHaveTextContent('Paused: No longer available from the supplier');
  });
});
