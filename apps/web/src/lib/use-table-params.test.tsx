import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchFilter, useTableParams } from './use-table-params';

function OrdersList() {
  const table = useTableParams({ filters: ['status', 'search'], sortable: ['total', 'createdAt'] });
  const [text, setText] = useSearchFilter(table.filters.search, (search) =>
    table.setFilters({ search }),
  );
  return (
    <>
      <output aria-label="state">
        {JSON.stringify({
          page: table.page,
          size: table.pageSize,
          sort: table.sort ?? null,
          filters: table.filters,
        })}
      </output>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <button onClick={() => table.setPage(table.page + 1)}>Next</button>
      <button onClick={() => table.setPageSize(50)}>50 rows</button>
      <button onClick={() => table.setSort({ by: 'total', direction: 'desc' })}>By total</button>
      <button onClick={() => table.setFilters({ status: 'pending' })}>Pending</button>
      <button
        onClick={() => {
          // Two changes before the next render, as a busy page sees two quick edits.
          table.setFilters({ status: 'completed' });
          table.setFilters({ search: 'steam' });
        }}
      >
        Both
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <OrdersList /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const state = () => JSON.parse(screen.getByLabelText('state').textContent) as unknown;
const url = (router: ReturnType<typeof renderAt>) =>
  router.state.location.pathname + router.state.location.search;

describe('useTableParams', () => {
  it('reads page, size, sort and filters from the URL', () => {
    renderAt('/admin/orders?page=3&size=25&sort=-total&status=completed&other=x');
    expect(state()).toEqual({
      page: 3,
      size: 25,
      sort: { by: 'total', direction: 'desc' },
      filters: { status: 'completed', search: '' },
    });
  });

  it('falls back to defaults for values out of range instead of failing', () => {
    renderAt('/admin/orders?page=-2&size=7&sort=password');
    expect(state()).toMatchObject({ page: 1, size: 10, sort: null });
  });

  it('writes every change to the URL, and a filter, size or sort goes back to page 1', async () => {
    const router = renderAt('/admin/orders');
    const user = userEvent.setup();
    await user.click(screen.getByText('Next'));
    await user.click(screen.getByText('Next'));
    expect(url(router)).toBe('/admin/orders?page=3');
    await user.click(screen.getByText('By total'));
    expect(url(router)).toBe('/admin/orders?sort=-total');
    await user.click(screen.getByText('Next'));
    await user.click(screen.getByText('Pending'));
    await user.click(screen.getByText('50 rows'));
    expect(url(router)).toBe('/admin/orders?sort=-total&status=pending&size=50');
  });

  it('makes each page a history entry, so Back returns to the previous page', async () => {
    const router = renderAt('/admin/orders?status=pending');
    const user = userEvent.setup();
    await user.click(screen.getByText('Next'));
    await user.click(screen.getByText('Next'));
    expect(url(router)).toBe('/admin/orders?status=pending&page=3');
    await act(() => router.navigate(-1));
    expect(url(router)).toBe('/admin/orders?status=pending&page=2');
    expect(state()).toMatchObject({ page: 2 });
    await act(() => router.navigate(-1));
    expect(url(router)).toBe('/admin/orders?status=pending');
  });

  it('keeps both of two changes made before the page renders again', async () => {
    const router = renderAt('/admin/orders?page=2&sort=total');
    await userEvent.setup().click(screen.getByText('Both'));
    expect(url(router)).toBe('/admin/orders?sort=total&status=completed&search=steam');
    expect(state()).toMatchObject({ page: 1, filters: { status: 'completed', search: 'steam' } });
  });

  it('lets a navigation made meanwhile win over a change it replaced, even to the same URL', async () => {
    const router = renderAt('/admin/orders?sort=total');
    await act(async () => {
      fireEvent.click(screen.getByText('Pending'));
      // A link back to the very URL shown, before the change above has rendered.
      await router.navigate('/admin/orders?sort=total');
    });
    expect(url(router)).toBe('/admin/orders?sort=total');
    await userEvent.setup().click(screen.getByText('By total'));
    expect(url(router)).toBe('/admin/orders?sort=-total');
  });

  it('puts the search in the URL once typing pauses, and follows a link that changes it', async () => {
    const router = renderAt('/admin/orders?page=2');
    await userEvent.setup().type(screen.getByLabelText('Search'), 'steam');
    await waitFor(() => expect(url(router)).toBe('/admin/orders?search=steam'));
    await act(() => router.navigate('/admin/orders?search=netflix'));
    expect(screen.getByLabelText('Search')).toHaveValue('netflix');
    // The link's value stays: the box's older term does not come back once its delay is over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(url(router)).toBe('/admin/orders?search=netflix');
  });
});
