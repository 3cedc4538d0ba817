import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
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
    stats: { total: 2, pending: 2, completed: 0, rejected: 0, revenue: 12.5 },
  });
}

describe('orders screen', () => {
  it('shows the stats and lets a buyer cancel only its own pending order', async () => {
    const fetchMock = mockApi({ 'GET /orders/all': listReply, 'GET /users/me': okReply(me) });
    renderWithProviders(<OrdersScreen role="reseller" />);

    const stats = await screen.findByRole('region', { name: 'Order statistics' });
    expect(within(stats).getByText('$12.50')).toBeInTheDocument();
    expect(within(stats).getByText('Spent')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Cancel' })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Include my downline'));
    await screen.findAllByRole('button', { name: 'Cancel' });
    const lastList = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/orders/all'))
      .pop();
    expect(lastList).toContain('showAll=true');
  });

  it('gives an admin the send-keys and reject actions on pending orders', async () => {
    mockApi({ 'GET /orders/all': listReply, 'GET /users/me': okReply(aUser({ role: 'admin' })) });
    renderWithProviders(<OrdersScreen role="admin" />);

    expect(await screen.findAllByRole('button', { name: 'Send keys' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Reject order of Netflix account' })).toBeVisible();
    expect(screen.queryByLabelText('Include my downline')).not.toBeInTheDocument();
  });
});
