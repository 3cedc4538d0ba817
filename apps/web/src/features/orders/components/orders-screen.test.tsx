import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { aProduct, aUser } from '@/testing/fixtures';
import { mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { findByRoleShowing, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { OrdersScreen } from './orders-screen';

const me = aUser();

function anOrder(overrides: Partial<Order>): Order {
  return {
    id: '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
    status: 'pending',
    productId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    productName: 'Netflix account',
    buyer: { id: me.id, username: me.username },
    seller: null,
    category: null,
    quantity: 1,
    deliveryType: 'request',
    unitPrice: 5,
    totalAmount: 5,
    createdAt: '2025-02-01T09:00:00.000Z',
    deliveredAt: null,
    notes: null,
    rejectionReason: null,
    cancelledByBuyer: false,
    backordered: false,
    ...overrides,
  };
}

const orders = [
  anOrder({}),
  anOrder({
    id: '1b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
    productName: 'Spotify account',
    buyer: { id: '2f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'sami' },
  }),
];

function listReply() {
  return okReply({
    data: orders,
    pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
  });
}

const statsReply = okReply({ total: 2, pending: 2, completed: 0, rejected: 0, revenue: 12.5 });

// Typing and clicking through user-event takes seconds on a busy machine; the default 5 s is too tight.
describe('orders screen', { timeout: 20_000 }, () => {
  it('shows the stats and lets a buyer cancel only its own pending order', async () => {
    const fetchMock = mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(me),
    });
    renderWithProviders(<OrdersScreen role="reseller" />);

    // The list's amount is the completed orders' total, named so whether the reseller reads its
    // own orders or its downline's too: neither "Spent" (the balance's, pending included) nor
    // "Revenue" (its own purchases are none of it).
    const stats = await screen.findByRole('region', { name: 'Order statistics' });
    expect(within(stats).getByText('$12.50')).toBeInTheDocument();
    expect(within(stats).getByText('Completed orders’ total')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Cancel' })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Include my downline'));
    await screen.findAllByRole('button', { name: 'Cancel' });
    expect(within(stats).getByText('Completed orders’ total')).toBeInTheDocument();
    expect(within(stats).queryByText(/Revenue|Spent/)).not.toBeInTheDocument();
    const lastList = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .filter((url) => url.includes('/orders/all'))
      .pop();
    expect(lastList).toContain('showAll=true');
  });

  it('says "Cancelled by the buyer" for an order its buyer withdrew, "Rejected" otherwise', async () => {
    const answered = [
      anOrder({ status: 'rejected', cancelledByBuyer: true, rejectionReason: 'Mistake' }),
      anOrder({
        id: '1b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
        productName: 'Spotify account',
        status: 'rejected',
        rejectionReason: 'Sold out',
      }),
    ];
    mockApi({
      'GET /orders/all': okReply({
        data: answered,
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      }),
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(me),
    });
    renderWithProviders(<OrdersScreen role="reseller" />);

    const cancelled = await findByRoleShowing('row', 'Netflix account');
    expect(within(cancelled).getByText('Cancelled by the buyer')).toBeInTheDocument();
    const rejected = getByRoleShowing('row', 'Spotify account');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
  });

  it('gives an admin the send-keys and reject actions on pending orders', async () => {
    mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderWithProviders(<OrdersScreen role="admin" />);

    expect(await screen.findAllByRole('button', { name: 'Send keys' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Reject order of Netflix account' })).toBeVisible();
    expect(screen.queryByLabelText('Include my downline')).not.toBeInTheDocument();
  });

  it('shows an admin who sold each order, the platform or the upline, usernames kept whole', async () => {
    const longName = 'demo_reseller_with_a_very_long_username';
    const rows = [
      anOrder({ buyer: { id: me.id, username: longName } }),
      anOrder({
        id: '4b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
        productName: 'Spotify account',
        buyer: { id: '2f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'sami' },
        seller: { id: '5f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
      }),
    ];
    mockApi({
      'GET /orders/all': okReply({
        data: rows,
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      }),
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderWithProviders(<OrdersScreen role="admin" />);

    expect(await screen.findByRole('columnheader', { name: 'Seller' })).toBeInTheDocument();
    const platformSale = screen.getByRole('row', { name: /Netflix account/ });
    expect(within(platformSale).getByText('Platform')).toBeInTheDocument();
    const uplineSale = screen.getByRole('row', { name: /Spotify account/ });
    expect(within(uplineSale).getByText('nadia')).toBeInTheDocument();
    // One line, cut with an ellipsis, the whole name in the tooltip: never broken mid-word.
    const buyer = within(platformSale).getByText(longName);
    expect(buyer).toHaveAttribute('title', longName);
    expect(buyer).toHaveClass('truncate', 'whitespace-nowrap');
    expect(buyer.className).not.toMatch(/wrap-anywhere|break-words|break-all/);
  });

  it('gives a buyer no seller column', async () => {
    mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(me),
    });
    renderWithProviders(<OrdersScreen role="reseller" />);
    await screen.findByText('Spotify account');
    expect(screen.queryByRole('columnheader', { name: 'Seller' })).not.toBeInTheDocument();
  });

  it('offers an admin no send-keys on a backorder, which imported keys fill: only Reject', async () => {
    const backorder = anOrder({
      id: '3b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
      productName: 'Steam gift card',
      deliveryType: 'instant',
      backordered: true,
    });
    mockApi({
      'GET /orders/all': okReply({
        data: [backorder, orders[1]],
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      }),
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderWithProviders(<OrdersScreen role="admin" />);

    const waiting = await findByRoleShowing('row', 'Steam gift card');
    expect(within(waiting).getByText('Backordered')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Send keys' })).not.toBeInTheDocument();
    expect(
      within(waiting).getByRole('button', { name: 'Reject order of Steam gift card' }),
    ).toBeVisible();
    // A pending request order beside it keeps both actions.
    const request = getByRoleShowing('row', 'Spotify account');
    expect(within(request).getByRole('button', { name: 'Send keys' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Send keys' })).toHaveLength(1);
  });

  const listUrls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/orders/all'));

  it('reads its filters, page size and sort from the URL', async () => {
    const seller = '2f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11';
    const fetchMock = mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderWithProviders(<OrdersScreen role="admin" />, {
      url: `/?status=pending&from=2025-01-01&to=2025-01-31&seller=${seller}&sort=-total&size=25&page=2`,
    });

    await screen.findAllByRole('button', { name: 'Send keys' });
    const [url] = listUrls(fetchMock);
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      page: '2',
      limit: '25',
      showAll: 'false',
      status: 'pending',
      from: '2025-01-01',
      to: '2025-01-31',
      sellerId: seller,
      sort: '-total',
    });
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The seller filter shows who it is (known from the rows: no order of theirs is on screen
    // here, so the generic name) and clears with one click.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear Seller' }));
    const last = listUrls(fetchMock).pop();
    expect(last?.searchParams.has('sellerId')).toBe(false);
    expect(last?.searchParams.get('page')).toBe('1');
  });

  it('sorts by a column header and filters by a product found by name', async () => {
    const product = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Netflix account' };
    const fetchMock = mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
      'GET /products': okReply({
        data: [aProduct(1, product)],
        pagination: { page: 1, limit: 8, total: 1, totalPages: 1 },
      }),
    });
    renderWithProviders(<OrdersScreen role="admin" />);
    await screen.findAllByRole('button', { name: 'Send keys' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Total/ }));
    expect(listUrls(fetchMock).pop()?.searchParams.get('sort')).toBe('-total');
    await user.click(screen.getByRole('button', { name: /Total/ }));
    expect(listUrls(fetchMock).pop()?.searchParams.get('sort')).toBe('total');

    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'Netf');
    await user.click(await screen.findByRole('option', { name: 'Netflix account' }));
    expect(listUrls(fetchMock).pop()?.searchParams.get('productId')).toBe(product.id);
    // Chosen: the box names the product.
    expect(screen.getByRole('button', { name: 'Clear Product' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
  });

  it('never shows typed text that filters nothing: leaving the box empties it', async () => {
    const fetchMock = mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
      'GET /products': okReply({
        data: [aProduct(1, { name: 'Netflix account' })],
        pagination: { page: 1, limit: 8, total: 1, totalPages: 1 },
      }),
      'GET /users/get-all-users': okReply({
        data: [],
        pagination: { page: 1, limit: 8, total: 0, totalPages: 0 },
      }),
    });
    renderWithProviders(<OrdersScreen role="admin" />);
    await screen.findAllByRole('button', { name: 'Send keys' });

    const user = userEvent.setup();
    for (const name of ['Product', 'Buyer', 'Seller']) {
      const box = screen.getByRole('combobox', { name });
      await user.type(box, 'Netf');
      await user.tab();
      // The list and its CSV (one query) apply no filter of it, and the box says so.
      await waitFor(() => expect(box).toHaveValue(''));
      for (const url of listUrls(fetchMock)) {
        expect(url.searchParams.has('productId')).toBe(false);
        expect(url.searchParams.has('buyerId')).toBe(false);
        expect(url.searchParams.has('sellerId')).toBe(false);
      }
    }
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('takes the one choice typed out in full when the box is left', async () => {
    const product = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Netflix account' };
    const fetchMock = mockApi({
      'GET /orders/all': listReply,
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
      'GET /products': okReply({
        data: [aProduct(1, product)],
        pagination: { page: 1, limit: 8, total: 1, totalPages: 1 },
      }),
    });
    renderWithProviders(<OrdersScreen role="admin" />);
    await screen.findAllByRole('button', { name: 'Send keys' });

    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'netflix account');
    await screen.findByRole('option', { name: 'Netflix account' });
    await user.tab();
    expect(await screen.findByRole('button', { name: 'Clear Product' })).toBeVisible();
    expect(listUrls(fetchMock).pop()?.searchParams.get('productId')).toBe(product.id);
  });

  it("names a docked order's supplier and, while its purchase waits, its reason and a Retry", async () => {
    const docked = anOrder({
      id: '4b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
      productName: 'Docked gift card',
      deliveryType: 'instant',
      upstream: {
        upstreamId: '5b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
        upstreamName: 'Big Supplier',
        orderId: null,
        unitCost: 4,
        status: 'pending',
        upstreamStatus: null,
        lastError: 'The upstream answered 503',
        attempts: 8,
        reports: [],
      },
    });
    const fetchMock = mockApi({
      'GET /orders/all': okReply({
        data: [docked],
        pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
      }),
      'GET /orders/all/stats': statsReply,
      'GET /users/me': okReply(aUser({ role: 'admin' })),
      [`POST /upstreams/purchases/${docked.id}/retry`]: { status: 204, body: null },
    });
    renderWithProviders(<OrdersScreen role="admin" />);

    const row = await findByRoleShowing('row', 'Docked gift card');
    expect(within(row).getByText('Big Supplier')).toBeInTheDocument();
    expect(within(row).getByText('The upstream answered 503')).toBeInTheDocument();
    // Settled by its purchase: no keys sent or rejection by hand.
    expect(within(row).queryByRole('button', { name: 'Send keys' })).not.toBeInTheDocument();
    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Retry the purchase of Docked gift card from the supplier',
      }),
    );
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`POST /upstreams/purchases/${docked.id}/retry`),
    );
  });
});
