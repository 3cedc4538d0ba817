import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { CurrenciesSection } from './currencies-section';
import { aCurrency, bodiesSentTo } from './settings-fixtures';

const usd = aCurrency();
const eur = aCurrency({ code: 'EUR', symbol: '€', rateToUSD: 0.92 });

describe('currencies section', { timeout: 20_000 }, () => {
  it('lists the currencies and never lets USD be deleted', async () => {
    mockApi({ 'GET /currencies': okReply({ currencies: [usd, eur] }) });
    renderWithProviders(<CurrenciesSection />);

    expect(await screen.findByRole('heading', { name: 'Currencies (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete USD' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete EUR' })).toBeEnabled();
    // What $10 shows as: the rate applied, exactly 2 decimals.
    expect(screen.getByText('$10.00 = €9.20')).toBeInTheDocument();
  });

  it('edits a rate in place: Enter saves, Escape keeps it, a bad rate is refused unsent', async () => {
    const fetchMock = mockApi({
      'GET /currencies': okReply({ currencies: [usd, eur] }),
      [`PATCH /currencies/${eur.id}`]: okReply({ ...eur, rateToUSD: 0.95 }),
    });
    renderWithProviders(<CurrenciesSection />);
    const user = userEvent.setup();

    // USD's rate is always 1: nothing to edit.
    await screen.findByRole('heading', { name: 'Currencies (2)' });
    expect(screen.queryByRole('button', { name: 'Edit the rate of USD' })).not.toBeInTheDocument();

    const edit = screen.getByRole('button', { name: 'Edit the rate of EUR' });
    await user.click(edit);
    const field = screen.getByLabelText('New rate of EUR to USD');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('0.92');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('New rate of EUR to USD')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain(`PATCH /currencies/${eur.id}`);

    await user.click(screen.getByRole('button', { name: 'Edit the rate of EUR' }));
    await user.clear(screen.getByLabelText('New rate of EUR to USD'));
    await user.type(screen.getByLabelText('New rate of EUR to USD'), '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The rate must be greater than 0');
    expect(requestedPaths(fetchMock)).not.toContain(`PATCH /currencies/${eur.id}`);

    await user.clear(screen.getByLabelText('New rate of EUR to USD'));
    await user.type(screen.getByLabelText('New rate of EUR to USD'), '0.95{Enter}');
    expect(await screen.findByText('Rate of EUR saved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, `PATCH /currencies/${eur.id}`)).toEqual([{ rateToUSD: 0.95 }]);
  });

  it('sends the new currency as the contract wants it', async () => {
    const fetchMock = mockApi({
      'GET /currencies': okReply({ currencies: [usd] }),
      'POST /currencies/create': okReply(eur, 201),
    });
    renderWithProviders(<CurrenciesSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Code'), 'eur');
    await user.type(screen.getByLabelText('Symbol'), '€');
    await user.type(screen.getByLabelText('Rate to USD'), '0.92');
    await user.click(screen.getByRole('button', { name: 'Add currency' }));

    expect(await screen.findByText('EUR added')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /currencies/create')).toEqual([
      { code: 'EUR', symbol: '€', rateToUSD: 0.92 },
    ]);
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('refuses a bad code, a missing symbol and a rate of 0 before sending', async () => {
    const fetchMock = mockApi({ 'GET /currencies': okReply({ currencies: [usd] }) });
    renderWithProviders(<CurrenciesSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Code'), 'EU');
    await user.type(screen.getByLabelText('Rate to USD'), '0');
    await user.click(screen.getByRole('button', { name: 'Add currency' }));

    expect(
      await screen.findByText('Use the 3-letter ISO code in capitals, e.g. EUR'),
    ).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('The rate must be greater than 0')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Rate to USD'));
    await user.type(screen.getByLabelText('Rate to USD'), '0.1234567');
    await user.click(screen.getByRole('button', { name: 'Add currency' }));
    expect(await screen.findByText('The rate can have at most 6 decimals')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /currencies/create');
  });

  it('says under the code when the currency exists already', async () => {
    mockApi({
      'GET /currencies': okReply({ currencies: [usd, eur] }),
      'POST /currencies/create': errorReply('conflict', 'The currency EUR already exists'),
    });
    renderWithProviders(<CurrenciesSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Code'), 'EUR');
    await user.type(screen.getByLabelText('Symbol'), '€');
    await user.type(screen.getByLabelText('Rate to USD'), '0.9');
    await user.click(screen.getByRole('button', { name: 'Add currency' }));

    expect(await screen.findByText('This currency already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes a currency only after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /currencies': okReply({ currencies: [usd, eur] }),
      [`DELETE /currencies/${eur.id}`]: okReply({ ok: true }),
    });
    renderWithProviders(<CurrenciesSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete EUR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete EUR?' });
    expect(requestedPaths(fetchMock)).not.toContain(`DELETE /currencies/${eur.id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('EUR deleted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /currencies/${eur.id}`);
  });
});
