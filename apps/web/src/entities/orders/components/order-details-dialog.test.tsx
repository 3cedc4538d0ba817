import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { Order } from '@keymarket/contracts/orders';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { OrderDetailsDialog } from './order-details-dialog';

const id = '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d';

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id,
    status: 'pending',
    productId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    productName: 'Steam 20 USD',
    buyer: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
    seller: null,
    category: null,
    quantity: 5,
    deliveryType: 'instant',
    unitPrice: 12.5,
    totalAmount: 62.5,
    createdAt: '2025-02-01T09:00:00.000Z',
    deliveredAt: null,
    notes: null,
    rejectionReason: null,
    cancelledByBuyer: false,
    backordered: false,
    ...overrides,
  };
}

function show(order: Order) {
  mockApi({ [`GET /orders/${id}`]: okReply(order) });
  renderWithProviders(<OrderDetailsDialog order={order} onClose={vi.fn()} />);
}

describe('order details', () => {
  it('says a backordered order waits for keys and that cancelling it refunds in full', async () => {
    show(anOrder({ backordered: true }));

    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(dialog).toHaveTextContent(
      'Backordered: it is delivered as soon as enough keys are imported. Cancelling it before then refunds the buyer in full.',
    );
  });

  it('says nothing of a backorder for a plain pending order', async () => {
    show(anOrder());

    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(dialog).not.toHaveTextContent('Backordered');
  });

  it('keeps Latin values whole in Arabic: the name, the number, the notes and the reason', async () => {
    await i18n.changeLanguage('ar');
    const order = anOrder({
      status: 'rejected',
      notes: 'For client #42!',
      rejectionReason: 'Out of stock (supplier)',
    });
    mockApi({ [`GET /orders/${id}`]: okReply(order) });
    renderWithProviders(<OrderDetailsDialog orderId={id} onClose={vi.fn()} />);

    // The dialog's description names the order by its number, isolated so "#" stays in front.
    const dialog = await screen.findByRole('dialog', { name: 'تفاصيل الطلب' });
    expect(dialog).toHaveAccessibleDescription('\u2068#9b2d7e1a\u2069');
    expect((await screen.findByText('For client #42!')).tagName).toBe('BDI');
    expect(screen.getByText('Out of stock (supplier)').tagName).toBe('BDI');
  });

  it('shows an admin where a docked order was bought: the supplier, its reference, the reports passed there', async () => {
    const docked = anOrder({
      status: 'completed',
      quantity: 2,
      responseKeys: ['AAAA-1111', 'BBBB-2222'],
      keyStates: ['delivered', 'reported'],
      upstream: {
        upstreamId: '5b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
        upstreamName: 'Big Supplier',
        orderId: '6b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
        unitCost: 10,
        status: 'completed',
        upstreamStatus: 'completed',
        lastError: null,
        attempts: 1,
        reports: [{ keyIndex: 1, status: 'forwarded', lastError: null }],
      },
    });
    mockApi({
      [`GET /orders/${id}`]: okReply(docked),
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderWithProviders(<OrderDetailsDialog order={docked} onClose={vi.fn()} />);

    const source = await screen.findByRole('region', { name: 'Bought from a supplier' });
    expect(source).toHaveTextContent('Big Supplier');
    expect(source).toHaveTextContent('6b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d');
    expect(source).toHaveTextContent('Delivered by the supplier');
    expect(screen.getByText('With the supplier')).toBeInTheDocument();
    // The supplier answers a docked order's keys: no replacement or refund from here.
    expect(screen.queryByRole('button', { name: 'Replace key 2' })).not.toBeInTheDocument();
  });
});
