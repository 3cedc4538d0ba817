import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ConvertProfitButton } from './convert-profit-dialog';

describe('convert profit dialog', () => {
  it('shows the profit and the minimum, and a refusal with its reason', async () => {
    mockApi({
      'GET /users/me': okReply(
        aUser({ balance: { current: 20, total: 50, spent: 30, profit: 4 } }),
      ),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'POST /thresholds/convert': errorReply('below_threshold', 'Profit below the minimum'),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));
    expect(await screen.findByText('$4')).toBeInTheDocument();
    expect(screen.getByText('$10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to convert profit');
    expect(alert).toHaveTextContent('The amount is below the minimum allowed.');
  });

  it('sends the optional amount', async () => {
    const fetchMock = mockApi({
      'GET /users/me': okReply(aUser()),
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'POST /thresholds/convert': okReply({ converted: 15, balance: 135.5, profit: 27.25 }),
    });
    renderWithProviders(<ConvertProfitButton />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Convert profit' }));
    await user.type(await screen.findByLabelText('Amount (optional)'), '15');
    await user.click(screen.getByRole('button', { name: 'Convert' }));

    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('convert'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('convert'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ amount: 15 });
  });
});
