import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { BannedCountriesSection } from './banned-countries-section';
import { aBannedCountry, bodiesSentTo } from './settings-fixtures';

const northKorea = aBannedCountry({ countryCode: 'KP' });
const germany = aBannedCountry({ countryCode: 'DE' });

describe('banned countries section', { timeout: 20_000 }, () => {
  it('names the banned countries in the interface language', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /banned-countries/banned': okReply({ countries: [northKorea, germany] }) });
    renderWithProviders(<BannedCountriesSection />);

    // The French texts of the screen load on demand: their arrival is awaited first.
    expect(await screen.findByRole('button', { name: 'Débloquer Allemagne' })).toBeEnabled();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Allemagne')).toBeInTheDocument();
    expect(within(table).getByText('Corée du Nord')).toBeInTheDocument();
  });

  it('bans a country found by typing part of its name', async () => {
    const fetchMock = mockApi({
      'GET /banned-countries/banned': okReply({ countries: [northKorea] }),
      'POST /banned-countries/ban': okReply(germany, 201),
    });
    renderWithProviders(<BannedCountriesSection />);
    const user = userEvent.setup();

    const combobox = await screen.findByRole('combobox', { name: 'Country' });
    await user.type(combobox, 'germ');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['GermanyDE']);
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('Germany');
    expect(listbox).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ban country' }));
    // Asked first, as unbanning is: nothing is sent before the confirmation.
    const dialog = await screen.findByRole('dialog', { name: 'Ban Germany?' });
    expect(bodiesSentTo(fetchMock, 'POST /banned-countries/ban')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ban country' }));

    expect(await screen.findByText('Germany banned')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /banned-countries/ban')).toEqual([{ countryCode: 'DE' }]);
  });

  it('finds a country by its code and leaves out those already banned', async () => {
    mockApi({ 'GET /banned-countries/banned': okReply({ countries: [northKorea] }) });
    renderWithProviders(<BannedCountriesSection />);
    const user = userEvent.setup();

    const combobox = await screen.findByRole('combobox', { name: 'Country' });
    await user.type(combobox, 'kp');
    expect(screen.getByText('No country matches “kp”.')).toBeInTheDocument();

    await user.clear(combobox);
    await user.type(combobox, 'ci');
    await user.keyboard('{ArrowDown}');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Côte d’IvoireCI');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[1]!.id);
  });

  it('refuses to ban without a country chosen from the list', async () => {
    const fetchMock = mockApi({ 'GET /banned-countries/banned': okReply({ countries: [] }) });
    renderWithProviders(<BannedCountriesSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('combobox', { name: 'Country' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Ban country' }));

    expect(await screen.findByText('Choose a country from the list')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /banned-countries/ban');
    expect(screen.getByText('No country is banned.')).toBeInTheDocument();
  });

  it('unbans after confirmation, and says why when refused', async () => {
    const fetchMock = mockApi({
      'GET /banned-countries/banned': okReply({ countries: [germany] }),
      [`DELETE /banned-countries/unban/${germany.id}`]: errorReply('internal'),
    });
    renderWithProviders(<BannedCountriesSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Unban Germany' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unban Germany?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unban' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(requestedPaths(fetchMock)).toContain(`DELETE /banned-countries/unban/${germany.id}`);
  });
});
