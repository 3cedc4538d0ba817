import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import type { Order } from '@keymarket/contracts/orders';
import type { MyLimits } from '@keymarket/contracts/purchase-limits';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { BuyDialog } from './buy-dialog';

const category = {
  id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
  nameEn: 'Games',
  nameFr: 'Jeux',
  nameAr: 'ألعاب',
};

function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    name: 'Steam 20 USD',
    description: '',
    imageUrl: null,
    category,
    subcategory: null,
    deliveryType: 'instant',
    isNew: false,
    badges: ['instant'],
    stockQuantity: 50,
    allowBackorder: false,
    price: 12.5,
    sellingPrice: 15,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
    status: 'completed',
    productId: aProduct().id,
    productName: 'Steam 20 USD',
    buyer: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
    seller: null,
    category,
    quantity: 3,
    deliveryType: 'instant',
    unitPrice: 12.5,
    totalAmount: 37.5,
    createdAt: '2025-02-01T09:00:00.000Z',
    deliveredAt: '2025-02-01T09:00:00.000Z',
    notes: null,
    rejectionReason: null,
    cancelledByBuyer: false,
    backordered: false,
    responseKeys: ['AAAA-1111', 'BBBB-2222', 'CCCC-3333'],
    ...overrides,
  };
}

async function buy(quantity: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Quantity');
  await user.clear(input);
  await user.type(input, quantity);
  await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
  return user;
}

describe('buy dialog', () => {
  it('shows the total live and sends one idempotency key per opening', async () => {
    const fetchMock = mockApi({ 'POST /orders': okReply(anOrder(), 201) });
    renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);

    expect(screen.getByTestId('order-total')).toHaveTextContent('$12.5');
    const input = screen.getByLabelText('Quantity');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '3');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$37.5');

    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    await screen.findByText(/Your order is complete/);

    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    const headers = init!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(bodyText(init!.body))).toEqual({
      productId: aProduct().id,
      quantity: 3,
    });
  });

  it('shows the keys of an instant purchase with copy buttons', async () => {
    mockApi({ 'POST /orders': okReply(anOrder(), 201) });
    renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);

    await buy('3');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('AAAA-1111')).toBeInTheDocument();
    expect(within(dialog).getByText('CCCC-3333')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy all' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy key 2' })).toBeInTheDocument();
  });

  it('says a request order is pending', async () => {
    mockApi({
      'POST /orders': okReply(
        anOrder({ status: 'pending', deliveryType: 'request', responseKeys: [] }),
        201,
      ),
    });
    renderWithProviders(
      <BuyDialog product={aProduct({ deliveryType: 'request' })} onClose={vi.fn()} />,
    );

    await buy('1');

    expect(await screen.findByText(/Your order is pending/)).toBeInTheDocument();
  });

  it('shows a refused purchase in place with the reason', async () => {
    mockApi({ 'POST /orders': errorReply('insufficient_balance', 'Insufficient balance') });
    renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);

    await buy('2');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to place order. Please try again.');
    expect(alert).toHaveTextContent('Your balance is too low for this.');
  });

  it('says before paying that a purchase beyond the stock is backordered, refunded in full if cancelled', async () => {
    mockApi({
      'POST /orders': okReply(
        anOrder({ status: 'pending', backordered: true, quantity: 5, responseKeys: [] }),
        201,
      ),
    });
    renderWithProviders(
      <BuyDialog
        product={aProduct({ stockQuantity: 2, allowBackorder: true })}
        onClose={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.queryByTestId('backorder-notice')).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(screen.getByTestId('backorder-notice')).toHaveTextContent(
      'This purchase will be backordered: 5 ordered, 2 in stock. You pay now and it is delivered as soon as enough keys arrive; until then you can cancel it for a full refund.',
    );

    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));

    const placed = await screen.findByRole('status');
    expect(placed).toHaveTextContent('Your order is backordered');
    expect(placed).toHaveTextContent('cancel it in your orders for a full refund');
    expect(placed).not.toHaveTextContent('an administrator will deliver it');
  });

  it('refuses more than the stock without calling the server', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<BuyDialog product={aProduct({ stockQuantity: 2 })} onClose={vi.fn()} />);

    await buy('5');

    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription('Only 2 left in stock');
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  describe('purchase limits', () => {
    const limited: MyLimits = {
      dailySpendCap: 50,
      spentToday: 20,
      spendLeftToday: 30,
      maxOrderQuantity: 4,
      product: {
        id: aProduct().id,
        maxOrderQuantity: null,
        maxDailyQuantity: 5,
        boughtToday: 2,
      },
      quantityLeft: 3,
      quantityLeftToday: 3,
      resetsAt: '2025-02-02T00:00:00Z',
    };

    it('says what is left today, the most in one order, the spend left and the UTC reset', async () => {
      mockApi({ 'GET /users/me/limits': okReply(limited) });
      renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);

      const allowance = await screen.findByTestId('purchase-allowance');
      expect(allowance).toHaveTextContent('3 left today');
      expect(allowance).toHaveTextContent('At most 4 in one order');
      expect(allowance).toHaveTextContent('$30.00 left to spend today');
      expect(allowance).toHaveTextContent('Daily limits start again at 00:00 UTC');
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('max', '3');
    });

    it('refuses more than is left today without calling the server', async () => {
      const fetchMock = mockApi({ 'GET /users/me/limits': okReply(limited) });
      renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);
      await screen.findByTestId('purchase-allowance');

      await buy('4');

      expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription('Only 3 more allowed');
      expect(requestedPaths(fetchMock)).toEqual(['GET /users/me/limits']);
    });

    it('says nothing of limits to a buyer without any', async () => {
      mockApi({});
      renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);
      await screen.findByLabelText('Quantity');
      expect(screen.queryByTestId('purchase-allowance')).not.toBeInTheDocument();
    });

    it('names the limit a refused purchase met, in the reader’s words', async () => {
      const refused = errorReply('limit_exceeded', 'Over your daily spending limit');
      refused.body = {
        ...(refused.body as object),
        message: {
          type: 'limit_exceeded',
          text: 'Over your daily spending limit',
          limit: { name: 'daily_spend', max: 50, used: 45, resetsAt: '2025-02-02T00:00:00Z' },
        },
      };
      mockApi({ 'POST /orders': refused });
      renderWithProviders(<BuyDialog product={aProduct()} onClose={vi.fn()} />);

      await buy('1');

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        'Over your daily spending limit of $50.00: $45.00 spent today. It starts again at 00:00 UTC',
      );
    });
  });
});
