import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '@keymarket/contracts/ledger';
import { AppProvider } from '@/app/provider';
import { errorReply, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { i18n } from '@/lib/i18n';
import { useTableParams } from '@/lib/use-table-params';
import { StatementView, statementFilters, statementSortable } from './statement-view';

const ORDER_ID = '3f2a9c1e-1111-4222-8333-444455556666';
const manager = { id: '0b7e2b59-3a54-4c6b-9d1e-2f3a4b5c6d7e', username: 'demo_manager1' };
const reseller = { id: '1c8f3c6a-4b65-4d7c-8e2f-3a4b5c6d7e8f', username: 'demo_reseller11' };

function anEntry(overrides: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: '1',
    createdAt: '2026-03-01T09:00:00.000Z',
    bucket: 'balance',
    kind: 'transfer',
    amount: 40,
    balanceAfter: 40,
    orderId: null,
    counterparty: manager,
    actor: manager,
    note: null,
    ...overrides,
  };
}

const rows = [
  anEntry({
    id: '2',
    kind: 'purchase',
    amount: -20,
    balanceAfter: 20,
    orderId: ORDER_ID,
    counterparty: null,
    actor: reseller,
  }),
  anEntry({ id: '1', note: 'For March' }),
];
const page = (data: LedgerEntry[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

/** The query strings the view asked `/ledger` with, in order. */
function ledgerQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/ledger')
    .map((url) => Object.fromEntries(url.searchParams));
}

function Screen({ userId }: { userId?: string }) {
  const params = useTableParams({ filters: statementFilters, sortable: statementSortable });
  return <StatementView params={params} userId={userId} />;
}

/** The statement at `path`, its state read from and written to the router's URL. */
function renderStatement(path = '/', userId?: string) {
  const router = createMemoryRouter([{ path: '/', element: <Screen userId={userId} /> }], {
    initialEntries: [path],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('statement', { timeout: 15_000 }, () => {
  it('shows each movement signed and coloured, the running balance, who gave and who acted', async () => {
    mockApi({ 'GET /ledger': page(rows) });
    renderStatement();

    const table = await screen.findByRole('table', { name: 'Statement' });
    const [, purchase, transfer] = within(table).getAllByRole('row');
    expect(within(purchase!).getAllByText('-$20.00')[0]).toHaveClass('text-danger');
    expect(within(purchase!).getByText('$20.00')).toBeInTheDocument();
    expect(within(purchase!).getByText('@demo_reseller11')).toBeInTheDocument();
    expect(
      within(purchase!).getByRole('button', { name: 'Open order #3f2a9c1e' }),
    ).toHaveTextContent('#3f2a9c1e');
    expect(within(transfer!).getAllByText('+$40.00')[0]).toHaveClass('text-success');
    expect(within(transfer!).getByText('$40.00')).toBeInTheDocument();
    expect(within(transfer!).getByText('from')).toBeInTheDocument();
    expect(within(transfer!).getByText('For March')).toBeInTheDocument();
  });

  it('shows a note the server wrote in the reader’s language, and anyone’s own words as they are', async () => {
    await i18n.changeLanguage('ar');
    mockApi({
      'GET /ledger': page([
        anEntry({ id: '5', kind: 'refund_unit', note: 'Key 3 of the order refunded' }),
        anEntry({ id: '6', note: 'For March' }),
      ]),
    });
    renderStatement();

    const table = await screen.findByRole('table', { name: 'كشف الحساب' });
    expect(within(table).getByText('استُرد المفتاح 3 من الطلب')).toBeInTheDocument();
    expect(within(table).queryByText('Key 3 of the order refunded')).not.toBeInTheDocument();
    expect(within(table).getByText('For March')).toBeInTheDocument();
  });

  it('reads its filters, sort and page size from the URL and writes changes back', async () => {
    const fetchMock = mockApi({ 'GET /ledger': page(rows) });
    const router = renderStatement('/?kind=transfer&sort=-amount&size=25');
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Statement' });
    expect(ledgerQueries(fetchMock)[0]).toEqual({
      page: '1',
      limit: '25',
      kind: 'transfer',
      sort: '-amount',
    });
    await user.selectOptions(screen.getByLabelText('Bucket'), 'profit');
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await expect
      .poll(() => ledgerQueries(fetchMock).at(-1))
      .toEqual({
        page: '1',
        limit: '25',
        kind: 'transfer',
        bucket: 'profit',
        sort: '-createdAt',
      });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      kind: 'transfer',
      size: '25',
      bucket: 'profit',
      sort: '-createdAt',
    });
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('drops a date range typed backwards instead of asking for it', async () => {
    const fetchMock = mockApi({ 'GET /ledger': page(rows) });
    renderStatement('/?from=2026-04-01&to=2026-03-01');
    await screen.findByRole('table', { name: 'Statement' });
    expect(ledgerQueries(fetchMock)[0]).toEqual({ page: '1', limit: '10', from: '2026-04-01' });
  });

  it('downloads the CSV of the same filters, of the user an admin reads', async () => {
    const fetchMock = mockApi({
      'GET /ledger': page(rows),
      'GET /users/me/role': okReply({ role: 'admin' }),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderStatement('/?kind=transfer&from=2026-03-01&sort=amount&page=2', manager.id);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await expect
      .poll(() => clicked)
      .toEqual([`/api/ledger?userId=${manager.id}&kind=transfer&from=2026-03-01&format=csv`]);
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).endsWith('/users/me/role'))).toBe(
      true,
    );
  });

  it('opens the linked order', async () => {
    const order = {
      id: ORDER_ID,
      status: 'completed',
      productId: '5a6b7c8d-1111-4222-8333-444455556666',
      productName: 'Steam Gift Card 20',
      buyer: reseller,
      seller: manager,
      category: null,
      quantity: 1,
      deliveryType: 'instant',
      unitPrice: 20,
      totalAmount: 20,
      createdAt: '2026-03-02T10:00:00.000Z',
      deliveredAt: '2026-03-02T10:00:00.000Z',
      notes: null,
      rejectionReason: null,
      cancelledByBuyer: false,
      backordered: false,
    };
    mockApi({ 'GET /ledger': page(rows), [`GET /orders/${ORDER_ID}`]: okReply(order) });
    renderStatement();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open order #3f2a9c1e' }));
    const dialog = screen.getByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByText('Steam Gift Card 20')).toBeInTheDocument();
    expect(within(dialog).getByText('@demo_manager1')).toBeInTheDocument();
  });

  it('says so when the reader may not see the linked order', async () => {
    mockApi({ 'GET /ledger': page(rows), [`GET /orders/${ORDER_ID}`]: errorReply('forbidden') });
    renderStatement();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open order #3f2a9c1e' }));
    expect(await screen.findByText('This order is not one you may see.')).toBeInTheDocument();
  });

  it('tells an empty statement from filters that match nothing', async () => {
    mockApi({ 'GET /ledger': page([]) });
    renderStatement();
    expect(await screen.findByText('No movements yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Kind'), 'refund');
    expect(await screen.findByText('No movements match these filters.')).toBeInTheDocument();
  });
});
