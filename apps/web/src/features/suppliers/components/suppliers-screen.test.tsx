import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Upstream, UpstreamPurchase } from '@keymarket/contracts/upstreams';
import { aCategory } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { SuppliersScreen } from './suppliers-screen';

const upstream: Upstream = {
  id: '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  name: 'Key Wholesale',
  baseUrl: 'https://supplier.example',
  status: 'ok',
  balance: 250,
  lowBalanceAlert: null,
  lastSyncAt: null,
  lastError: null,
  dockedProducts: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const waiting: UpstreamPurchase = {
  orderId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  productName: 'Game X',
  quantity: 1,
  buyer: 'reseller1',
  upstream: { id: upstream.id, name: upstream.name },
  upstreamOrderId: null,
  unitCost: 4.5,
  status: 'pending',
  lastError: 'The upstream answered 503',
  attempts: 3,
  createdAt: '2026-11-21T10:00:00.000Z',
};

const page = <T,>(data: T[]) => ({
  data,
  pagination: { page: 1, limit: 25, total: data.length, totalPages: 1 },
});

describe('Suppliers screen', () => {
  it('previews the price a markup gives, docks the picked products and retries a waiting purchase', async () => {
    let docked: unknown;
    let retried = false;
    mockApi({
      'GET /upstreams': okReply({ data: [upstream] }),
      'GET /upstreams/purchases': okReply(page([waiting])),
      [`GET /upstreams/${upstream.id}/catalogue`]: okReply(
        page([
          {
            upstreamProductId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            name: 'Game Y',
            deliveryType: 'instant',
            price: 4.5,
            stockQuantity: 12,
            productId: null,
          },
        ]),
      ),
      'GET /categories': okReply({ data: [aCategory()] }),
      [`POST /upstreams/${upstream.id}/products`]: () => {
        docked = true;
        return okReply({ docked: [] }, 201);
      },
      [`POST /upstreams/purchases/${waiting.orderId}/retry`]: () => {
        retried = true;
        return { status: 204, body: null };
      },
    });
    renderWithProviders(<SuppliersScreen />);
    const user = userEvent.setup();

    expect(await screen.findByText('Key Wholesale')).toBeInTheDocument();
    expect(screen.getByText(/Our balance there:/)).toHaveTextContent(
      /Our balance there: \$250\.00/,
    );
    // Amounts kept left to right, whole, inside an Arabic line.
    expect(screen.getByText('$250.00')).toHaveAttribute('dir', 'ltr');
    await user.click(screen.getByRole('button', { name: 'Catalogue' }));
    // $4.50 + 10 % = $4.95
    expect(await screen.findByText('$4.95')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Markup (%)'));
    await user.type(screen.getByLabelText('Markup (%)'), '20');
    expect(await screen.findByText('$5.40')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pick Game Y' }));
    await screen.findByRole('option', { name: 'Games' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Games');
    await user.click(screen.getByRole('button', { name: 'Dock 1 product' }));
    expect(await screen.findByText('0 products docked.')).toBeInTheDocument();
    expect(docked).toBe(true);

    const purchase = await findByRoleShowing('listitem', 'Game X');
    expect(purchase).toHaveTextContent('Game X × 1');
    expect(within(purchase).getByText('The upstream answered 503')).toBeInTheDocument();
    await user.click(within(purchase).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tried again.')).toBeInTheDocument();
    expect(retried).toBe(true);
  });
});
