import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { bodyText, errorReply, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ConvertProfitButton } from './convert-profit-dialog';

/** GET /orders/all as the server answers `?status=pending&limit=1`: only the total matters. */
function ownPendingOrders(total: number) {
  return okReply({
    data: [],
    pagination: { page: 1, limit: 1, total, totalPages: total },
    stats: { total, pending: total, completed: 0, rejected: 0, revenue: 0 },
  });
}

const withProfit = (profit: number) =>
  okReply(aUser({ balance: { current: 20, total: 50, spent: 30, profit } }));

describe('convert profit dialog', () => {
  it('says before submitting that the profit is below the minimum, and cannot be sent', async () => {
    mockApi({
      'GET /users/me': withProfit(4),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'GET /orders/all': ownPendingOrders(0),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profit cannot be converted yet');
    expect(alert).toHaveTextContent('You need at least $10.00 of profit to convert.');
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
  });

  it('names the user’s own pending orders, with a link to them, before submitting', async () => {
    mockApi({
      'GET /users/me': withProfit(40),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'GET /orders/all': ownPendingOrders(2),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have 2 pending orders of your own.');
    expect(screen.getByRole('link', { name: 'See my pending orders' })).toHaveAttribute(
      'href',
      '/?status=pending',
    );
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
  });

  it('refuses an amount below the minimum without asking the server', async () => {
    const fetchMock = mockApi({
      'GET /users/me': withProfit(40),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'GET /orders/all': ownPendingOrders(0),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));
    await user.type(await screen.findByLabelText('Amount (optional)'), '9.99');
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    expect(
      await screen.findByText('Convert at least $10.00, or leave the field empty.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('convert'))).toBe(false);
  });

  it('shows a refusal of the server with its reason', async () => {
    mockApi({
      'GET /users/me': withProfit(40),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'GET /orders/all': ownPendingOrders(0),
      'POST /thresholds/convert': errorReply('pending_orders', 'Failed to convert profit'),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));
    await user.click(await screen.findByRole('button', { name: 'Convert' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to convert profit');
  });

  it('sends the optional amount', async () => {
    const fetchMock = mockApi({
      'GET /users/me': okReply(aUser()),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'GET /orders/all': ownPendingOrders(0),
      'POST /thresholds/convert': okReply({ converted: 15, balance: 135.5, profit: 27.25 }),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));
    await user.type(await screen.findByLabelText('Amount (optional)'), '15');
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('convert'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('convert'))!;
    expect(JSON.parse(bodyText(call[1]!.body))).toEqual({ amount: 15 });
  });
});
