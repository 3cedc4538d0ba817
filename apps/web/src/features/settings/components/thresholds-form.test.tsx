import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { bodiesSentTo } from './settings-fixtures';
import { ThresholdsForm } from './thresholds-form';

describe('thresholds form', { timeout: 20_000 }, () => {
  it('shows the minimum profit and saves a new one as a number', async () => {
    const fetchMock = mockApi({
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
      'POST /thresholds/update': okReply({ minProfitToConvert: 25.5 }),
    });
    renderWithProviders(<ThresholdsForm />);
    const user = userEvent.setup();

    const input = await screen.findByLabelText('Minimum profit to convert (USD)');
    expect(input).toHaveValue(10);
    expect(screen.getByText(/Currently \u2066\$10\.00\u2069\./)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '25.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Threshold saved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /thresholds/update')).toEqual([
      { minProfitToConvert: 25.5 },
    ]);
    expect(await screen.findByText(/Currently \u2066\$25\.50\u2069\./)).toBeInTheDocument();
  });

  it('refuses a negative amount, an empty one and more than 2 decimals', async () => {
    const fetchMock = mockApi({ 'GET /thresholds': okReply({ minProfitToConvert: 10 }) });
    renderWithProviders(<ThresholdsForm />);
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Minimum profit to convert (USD)');
    const save = screen.getByRole('button', { name: 'Save changes' });

    await user.clear(input);
    await user.type(input, '-1');
    await user.click(save);
    expect(await screen.findByText('Amount cannot be negative')).toBeInTheDocument();

    await user.clear(input);
    await user.click(save);
    expect(await screen.findByText('Amount must be a number')).toBeInTheDocument();

    await user.type(input, '1.234');
    await user.click(save);
    expect(await screen.findByText('Amount must have at most 2 decimals')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /thresholds/update');
  });

  it('says the minimum in US dollars, like its field, whatever currency prices are shown in', async () => {
    window.localStorage.setItem(
      'display-currency',
      JSON.stringify({ code: 'EUR', symbol: '€', rateToUSD: 0.5 }),
    );
    mockApi({ 'GET /thresholds': okReply({ minProfitToConvert: 10 }) });
    renderWithProviders(<ThresholdsForm />);

    expect(await screen.findByText(/Currently \u2066\$10\.00\u2069\./)).toBeInTheDocument();
    expect(screen.queryByText(/€5/)).not.toBeInTheDocument();
  });
});
