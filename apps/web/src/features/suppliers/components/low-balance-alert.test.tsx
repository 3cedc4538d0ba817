import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Upstream } from '@keymarket/contracts/upstreams';
import { bodyText, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { SuppliersScreen } from './suppliers-screen';

const upstream: Upstream = {
  id: '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  name: 'Key Wholesale',
  baseUrl: 'https://supplier.example',
  status: 'ok',
  balance: 40,
  lowBalanceAlert: 50,
  lastSyncAt: null,
  lastError: null,
  dockedProducts: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const noPurchases = okReply({
  data: [],
  pagination: { page: 1, limit: 25, total: 0, totalPages: 0 },
});

/** The JSON body sent with `method` to a path ending so. */
function sentBody(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) =>
      init?.method === method && new URL(urlOf(input), 'http://localhost').pathname.endsWith(path),
  );
  expect(call, `${method} ${path} was not requested`).toBeDefined();
  return JSON.parse(bodyText(call![1]!.body)) as unknown;
}

describe("A supplier's low-balance alert", () => {
  it('is shown beside the balance, which reads in the warning colour below it', async () => {
    mockApi({
      'GET /upstreams': okReply({
        data: [
          upstream,
          {
            ...upstream,
            id: '4f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
            name: 'No Alert',
            balance: 10,
            lowBalanceAlert: null,
          },
        ],
      }),
      'GET /upstreams/purchases': noPurchases,
    });
    renderWithProviders(<SuppliersScreen />);

    const card = await findByRoleShowing('listitem', 'Key Wholesale');
    expect(card).toHaveTextContent('Our balance there: $40.00 (alert below $50.00)');
    expect(within(card).getByText('$40.00')).toHaveClass('text-warning');
    // Amounts kept left to right, whole, inside an Arabic line.
    expect(within(card).getByText('$50.00')).toHaveAttribute('dir', 'ltr');

    const other = await findByRoleShowing('listitem', 'No Alert');
    expect(other).not.toHaveTextContent('alert below');
    expect(within(other).getByText('$10.00')).not.toHaveClass('text-warning');
  });

  it('is sent when a supplier is added with one', async () => {
    const fetchMock = mockApi({
      'GET /upstreams': okReply({ data: [] }),
      'GET /upstreams/purchases': noPurchases,
      'POST /upstreams': okReply({ ...upstream, balance: 250, lowBalanceAlert: 75.5 }, 201),
    });
    renderWithProviders(<SuppliersScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a supplier' }));
    const alert = screen.getByLabelText('Low balance alert (USD)');
    expect(alert).toHaveAccessibleDescription(
      /Admins are told when our balance there falls below it/,
    );
    await user.type(screen.getByLabelText('Name'), 'Key Wholesale');
    await user.type(screen.getByLabelText('Address'), 'https://supplier.example');
    await user.type(screen.getByLabelText('API key'), 'km_0123456789abcdef');
    await user.type(alert, '75.5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Supplier added and reachable.')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/upstreams')).toEqual({
      name: 'Key Wholesale',
      baseUrl: 'https://supplier.example',
      apiKey: 'km_0123456789abcdef',
      lowBalanceAlert: 75.5,
    });
  });

  it('refuses a negative alert before sending anything', async () => {
    const fetchMock = mockApi({
      'GET /upstreams': okReply({ data: [] }),
      'GET /upstreams/purchases': noPurchases,
    });
    renderWithProviders(<SuppliersScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a supplier' }));
    await user.type(screen.getByLabelText('Name'), 'Key Wholesale');
    await user.type(screen.getByLabelText('Address'), 'https://supplier.example');
    await user.type(screen.getByLabelText('API key'), 'km_0123456789abcdef');
    await user.type(screen.getByLabelText('Low balance alert (USD)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByLabelText('Low balance alert (USD)')).toHaveAccessibleDescription(
      'Amount cannot be negative',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('is edited with the name, and emptying it sends null', async () => {
    let patched = false;
    const fetchMock = mockApi({
      'GET /upstreams': okReply({ data: [upstream] }),
      'GET /upstreams/purchases': noPurchases,
      [`PATCH /upstreams/${upstream.id}`]: () => {
        patched = true;
        return okReply({ ...upstream, name: 'Key Wholesale EU', lowBalanceAlert: null });
      },
    });
    renderWithProviders(<SuppliersScreen />);
    const user = userEvent.setup();

    const card = await findByRoleShowing('listitem', 'Key Wholesale');
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Name');
    const alert = screen.getByLabelText('Low balance alert (USD)');
    expect(name).toHaveValue('Key Wholesale');
    expect(alert).toHaveValue(50);
    await user.type(name, ' EU');
    await user.clear(alert);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Supplier saved.')).toBeInTheDocument();
    expect(patched).toBe(true);
    expect(sentBody(fetchMock, 'PATCH', `/upstreams/${upstream.id}`)).toEqual({
      name: 'Key Wholesale EU',
      lowBalanceAlert: null,
    });
    // The list is read again after the change.
    expect(requestedPaths(fetchMock).filter((route) => route === 'GET /upstreams')).toHaveLength(2);
  });
});
