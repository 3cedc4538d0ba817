import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchResults } from '@keymarket/contracts/analytics';
import { AppProvider } from '@/app/provider';
import { i18n } from '@/lib/i18n';
import { errorReply, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { GlobalSearch } from './global-search';

const results: SearchResults = {
  products: [
    {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      name: 'Steam Wallet 20 EUR',
      categoryId: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
      imageUrl: null,
    },
  ],
  users: [
    {
      id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11',
      username: 'steamy',
      firstName: 'Sami',
      lastName: 'Haddad',
      role: 'reseller',
    },
  ],
};

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The search as the top bar shows it, with a page behind it that reports where we went. */
function renderSearch() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <GlobalSearch role="manager" />
          <CurrentLocation />
        </>
      ),
    },
  ]);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

function searchCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/analytics/search'))
    .map((url) => url.searchParams.get('query') ?? '');
}

describe('global search', () => {
  it('asks the server once the typing pauses, not at every key', async () => {
    const fetchMock = mockApi({ 'GET /analytics/search': okReply(results) });
    renderSearch();
    const user = userEvent.setup();

    const input = await screen.findByRole('combobox', { name: 'Search products and users' });
    await user.type(input, 'steam');
    expect(searchCalls(fetchMock)).toEqual([]);

    await screen.findByRole('option', { name: 'Steam Wallet 20 EUR' });
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(within(listbox).getByRole('group', { name: 'Products' })).toHaveTextContent(
      'Steam Wallet 20 EUR',
    );
    expect(within(listbox).getByRole('group', { name: 'Users' })).toHaveTextContent(
      'Sami Haddad@steamy · Reseller',
    );
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(searchCalls(fetchMock)).toEqual(['steam']);
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    mockApi({ 'GET /analytics/search': okReply(results) });
    renderSearch();
    const user = userEvent.setup();

    const input = await screen.findByRole('combobox', { name: 'Search products and users' });
    await user.type(input, 'steam');
    const [product, person, allProducts, allUsers] = await screen.findAllByRole('option');
    expect(allProducts).toHaveTextContent('See all matching products');
    expect(allUsers).toHaveTextContent('See all matching users');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', product!.id);
    expect(product).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', person!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', allUsers!.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', product!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', person!.id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/manager/users?search=steamy');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads a product to the products screen filtered to its name', async () => {
    mockApi({ 'GET /analytics/search': okReply(results) });
    renderSearch();
    const user = userEvent.setup();

    await user.type(await screen.findByRole('combobox'), 'steam');
    await user.click(await screen.findByRole('option', { name: 'Steam Wallet 20 EUR' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/manager/products?search=Steam%20Wallet%2020%20EUR',
    );
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    mockApi({ 'GET /analytics/search': okReply(results) });
    renderSearch();
    const user = userEvent.setup();

    const input = await screen.findByRole('combobox');
    await user.type(input, 'steam');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('steam');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
  });

  it('opens from its button where the top bar has no room, and closes with it', async () => {
    mockApi({});
    renderSearch();
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox')).toHaveFocus();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so when nothing matches', async () => {
    mockApi({ 'GET /analytics/search': okReply({ products: [], users: [] }) });
    renderSearch();
    const user = userEvent.setup();

    await user.type(await screen.findByRole('combobox'), 'zzz');
    expect(await screen.findAllByText('No results found.')).not.toHaveLength(0);
    // Only the ways to the full screens remain.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'See all matching products',
      'See all matching users',
    ]);
  });

  it('sees all matches of the text on the products screen', async () => {
    mockApi({ 'GET /analytics/search': okReply(results) });
    renderSearch();
    const user = userEvent.setup();

    await user.type(await screen.findByRole('combobox'), 'steam');
    await user.click(await screen.findByRole('option', { name: 'See all matching products' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/manager/products?search=steam');
  });

  it('opens with "/" or Ctrl+K, but leaves "/" to a text field being typed in', async () => {
    mockApi({});
    renderSearch();
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Search products and users' });

    await user.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    input.blur();
    await user.keyboard('{Control>}k{/Control}');
    expect(input).toHaveFocus();
    input.blur();

    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    await user.keyboard('/');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('/');
    other.remove();
  });

  it('says so when the search fails, in the reader’s language', async () => {
    mockApi({ 'GET /analytics/search': errorReply('internal') });
    await i18n.changeLanguage('fr');
    renderSearch();
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('combobox', { name: 'Rechercher des produits et des utilisateurs' }),
      'steam',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de charger les résultats. Veuillez réessayer.',
    );
  });
});
