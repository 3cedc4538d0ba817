import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { aCategory, aProduct } from '@/testing/fixtures';
import { bodyText, mockApi, okReply, requestedPaths, type Reply, urlOf } from '@/testing/mock-api';
import { findByRoleShowing, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { PriceControlScreen } from './price-control-screen';

const games = aCategory();
const cards = aCategory({
  id: '3c2a8d4f-6e5b-4f9c-8d2e-1b3c4d5e6f70',
  nameEn: 'Cards',
  nameFr: 'Cartes',
  nameAr: 'بطاقات',
});

const adminPrices = {
  price: 5,
  sellingPrice: undefined,
  initialPrice: 5,
  managerPrice: 8,
  resellerPrice: 10,
};

function listOf(products: Product[]): Reply {
  return okReply({
    data: products,
    pagination: { page: 1, limit: 10_000, total: products.length, totalPages: 1 },
  });
}

const categoriesReply = okReply({ data: [games, cards] });

/** A price as sentences carry it: isolated left to right, for Arabic. */
const isolated = (price: string) => `\u2066${price}\u2069`;

/** The body of the `index`-th request to `route`. */
function bodyOf(fetchMock: ReturnType<typeof mockApi>, route: string, index = 0): unknown {
  // Matched on every call: `requestedPaths` leaves out the layouts' requests, so its indexes
  // are not the calls'.
  const calls = fetchMock.mock.calls.filter(([input, init]) => {
    const path = new URL(urlOf(input), 'http://localhost').pathname.replace(/^\/api/, '');
    return `${init?.method ?? 'GET'} ${path}` === route;
  });
  return JSON.parse(bodyText(calls[index]![1]!.body));
}

/** The query string of the latest product list request. */
function lastListQuery(fetchMock: ReturnType<typeof mockApi>): URLSearchParams {
  const lists = fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('/products?'));
  return new URL(urlOf(lists[lists.length - 1]![0]), 'http://localhost').searchParams;
}

describe('price control', () => {
  // jsdom has no layout: give every element a screenful so the virtualiser has a viewport.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  afterEach(() => vi.restoreAllMocks());

  // Building and parsing 10,000 products takes a few seconds on a busy machine.
  it(
    'renders 10,000 products with only the visible rows in the page',
    { timeout: 20_000 },
    async () => {
      const products = Array.from({ length: 10_000 }, (_, i) => aProduct(i + 1));
      mockApi({ 'GET /categories': categoriesReply, 'GET /products': listOf(products) });
      renderWithProviders(<PriceControlScreen role="reseller" />);

      const table = await screen.findByRole('region', { name: 'Product prices (10000)' });
      const rows = within(table).getAllByRole('row');
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.length).toBeLessThan(40);
      expect(within(table).getByRole('checkbox', { name: 'Select Product 1' })).toBeInTheDocument();
    },
  );

  it('lets an admin edit one product’s manager and reseller prices', async () => {
    const product = aProduct(1, adminPrices);
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf([product]),
      [`PATCH /products/${product.id}/update-role-price`]: okReply({ ...product, managerPrice: 9 }),
    });
    renderWithProviders(<PriceControlScreen role="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit prices of Product 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prices' });
    const managerPrice = within(dialog).getByLabelText('Manager price (USD)');
    expect(managerPrice).toHaveValue('8');
    expect(within(dialog).getByLabelText('Reseller price (USD)')).toHaveValue('10');

    // Under the platform's cost: refused on the spot, nothing sent.
    await user.clear(managerPrice);
    await user.type(managerPrice, '4.99');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(managerPrice).toHaveAccessibleDescription(
      `The price cannot be lower than the initial price (${isolated('$5.00')})`,
    );
    expect(requestedPaths(fetchMock)).not.toContain(
      `PATCH /products/${product.id}/update-role-price`,
    );

    await user.clear(managerPrice);
    await user.type(managerPrice, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, `PATCH /products/${product.id}/update-role-price`)).toEqual({
      managerPrice: 9,
      resellerPrice: 10,
    });
    expect(await screen.findByText('Prices of Product 1 updated')).toBeInTheDocument();
  });

  it('asks for every price left blank, and for a number where text was typed', async () => {
    const product = aProduct(1, adminPrices);
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf([product]),
    });
    renderWithProviders(<PriceControlScreen role="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit prices of Product 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prices' });
    const managerPrice = within(dialog).getByLabelText('Manager price (USD)');
    const resellerPrice = within(dialog).getByLabelText('Reseller price (USD)');
    await user.clear(managerPrice);
    await user.clear(resellerPrice);
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(managerPrice).toHaveAccessibleDescription('Enter a price');
    expect(resellerPrice).toHaveAccessibleDescription('Enter a price');

    await user.type(managerPrice, 'abc');
    await user.type(resellerPrice, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    // The contract's own refusal of a non-number; the filled field is back to its hint.
    expect(managerPrice).not.toHaveAccessibleDescription('Enter a price');
    expect(managerPrice).not.toHaveAccessibleDescription('Prices are entered in USD only.');
    expect(resellerPrice).toHaveAccessibleDescription('Prices are entered in USD only.');
    expect(requestedPaths(fetchMock)).not.toContain(
      `PATCH /products/${product.id}/update-role-price`,
    );
  });

  it('shows a seller its buying price and sends only its selling price', async () => {
    const product = aProduct(1);
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf([product]),
      [`PATCH /products/${product.id}/update-role-price`]: okReply(product),
    });
    renderWithProviders(<PriceControlScreen role="manager" />);
    const user = userEvent.setup();

    const row = await findByRoleShowing('row', 'Product 1');
    expect(row).toHaveTextContent('Buying price $8');
    expect(row).toHaveTextContent('Selling price $10');
    await user.click(within(row).getByRole('button', { name: 'Edit prices of Product 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prices' });
    expect(dialog).toHaveTextContent('Your buying price: $8');
    expect(within(dialog).queryByLabelText('Manager price (USD)')).not.toBeInTheDocument();

    const sellingPrice = within(dialog).getByLabelText('Your selling price (USD)');
    await user.clear(sellingPrice);
    await user.type(sellingPrice, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(sellingPrice).toHaveAccessibleDescription(messages.sellingBelowCost);

    await user.clear(sellingPrice);
    await user.type(sellingPrice, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, `PATCH /products/${product.id}/update-role-price`)).toEqual({
      resellerPrice: 12.5,
    });
  });

  it('selects all the filtered rows and sends their signed amounts in one bulk update', async () => {
    const all = [1, 2, 3].map((i) => aProduct(i, adminPrices));
    const inCards = [
      aProduct(4, { ...adminPrices, category: cards }),
      aProduct(5, { ...adminPrices, category: cards }),
    ];
    // The list answers by the category asked for, as the server would.
    const fetchMock: ReturnType<typeof mockApi> = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': () =>
        lastListQuery(fetchMock).get('categoryId') === cards.id ? listOf(inCards) : listOf(all),
      'PATCH /products/bulk-update-prices': okReply({ updated: 2 }),
    });
    renderWithProviders(<PriceControlScreen role="admin" />);
    const user = userEvent.setup();

    await screen.findByText('Product 1');
    await user.selectOptions(screen.getByLabelText('Category'), 'Cards');
    await screen.findByText('Product 4');
    expect(lastListQuery(fetchMock).get('categoryId')).toBe(cards.id);
    expect(screen.queryByText('Product 1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all listed products (2)' }));
    expect(screen.getByRole('checkbox', { name: 'Select Product 4' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Product 5' })).toBeChecked();
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Manager price change (USD)'), '-1.5');
    await user.type(screen.getByLabelText('Reseller price change (USD)'), '2');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (2)' }));

    // What will change is shown and asked first; nothing is sent before.
    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products?' });
    expect(dialog).toHaveTextContent('Manager price-$1.50');
    expect(dialog).toHaveTextContent('Reseller price+$2.00');
    expect(within(dialog).getByRole('list', { name: 'Prices before and after' })).toHaveTextContent(
      'Product 4',
    );
    expect(requestedPaths(fetchMock)).not.toContain('PATCH /products/bulk-update-prices');
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    await screen.findByText('Prices updated for the selected products (2)');
    expect(bodyOf(fetchMock, 'PATCH /products/bulk-update-prices')).toEqual({
      mode: 'amount',
      change: { managerPrice: -1.5, resellerPrice: 2 },
      target: { kind: 'products', productIds: inCards.map((product) => product.id) },
    });
    expect(screen.getByText('Selected: 0')).toBeInTheDocument();
  });

  it('refuses, in the preview, a bulk change that takes a price below the initial price, naming the product and why', async () => {
    const products = [
      aProduct(1, { ...adminPrices, managerPrice: 11.21 }),
      aProduct(2, { ...adminPrices, managerPrice: 150 }),
    ];
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf(products),
      'PATCH /products/bulk-update-prices': okReply({ updated: 2 }),
    });
    renderWithProviders(<PriceControlScreen role="admin" />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all listed products (2)' }),
    );
    await user.type(screen.getByLabelText('Manager price change (USD)'), '-100');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products?' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('1 product would fall below its lowest price');
    expect(alert).toHaveTextContent('Product 1Manager price: $11.21 → -$88.79');
    expect(alert).toHaveTextContent(
      `The manager price would fall below the initial price (${isolated('$5.00')})`,
    );
    expect(alert).not.toHaveTextContent('Product 2');
    // The change as every amount writes a negative one: the sign before the symbol.
    expect(dialog).toHaveTextContent('Manager price-$100.00');
    const confirm = within(dialog).getByRole('button', { name: 'Change prices' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(requestedPaths(fetchMock)).not.toContain('PATCH /products/bulk-update-prices');
  });

  it('asks for an amount before a bulk update', async () => {
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf([aProduct(1)]),
    });
    renderWithProviders(<PriceControlScreen role="reseller" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1' }));
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (1)' }));
    const change = screen.getByLabelText('Selling price change (USD)');
    expect(change).toHaveAccessibleDescription('Enter an amount to add or subtract');

    await user.type(change, '1.234');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (1)' }));
    expect(change).toHaveAccessibleDescription(messages.amountDecimals);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('PATCH /products/bulk-update-prices');
  });

  it('shows a refused bulk update in place, on the row it names, and changes nothing', async () => {
    // The preview lets the change through; the server, whose buying price of Product 2 rose
    // meanwhile, refuses it.
    const products = [
      aProduct(1, { price: 8, sellingPrice: 10 }),
      aProduct(2, { price: 8.5, sellingPrice: 9.5 }),
    ];
    const fetchMock = mockApi({
      'GET /categories': categoriesReply,
      'GET /products': listOf(products),
      'PATCH /products/bulk-update-prices': {
        status: 400,
        body: {
          statusCode: 400,
          message: { type: 'price_below_cost', text: messages.sellingBelowCost },
          details: [
            {
              path: `products.${products[1]!.id}.resellerPrice`,
              message: `Product ${products[1]!.id}: Your buying price is $9`,
            },
          ],
        },
      },
    });
    renderWithProviders(<PriceControlScreen role="reseller" />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all listed products (2)' }),
    );
    await user.type(screen.getByLabelText('Selling price change (USD)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products?' });
    // Each product's selling price before and after.
    expect(dialog).toHaveTextContent('Selling price: $10.00 → $9.00');
    expect(dialog).toHaveTextContent('Selling price: $9.50 → $8.50');
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.failedToUpdatePrices);
    expect(alert).toHaveTextContent(messages.sellingBelowCost);
    const refused = screen.getByRole('list', { name: 'Products that were refused' });
    expect(refused).toHaveTextContent(
      `Product 2: The selling price would fall below your buying price (${isolated('$8.50')})`,
    );
    const table = screen.getByRole('region', { name: 'Product prices (2)' });
    const row = getByRoleShowing('row', 'Product 2', table);
    expect(row).toHaveTextContent(
      `The selling price would fall below your buying price (${isolated('$8.50')})`,
    );
    expect(row).toHaveTextContent('Selling price $9.5');
    // Nothing was applied: the list was not reloaded, and the selection is kept to try again.
    expect(requestedPaths(fetchMock).filter((path) => path === 'GET /products')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Select Product 1' })).toBeChecked();
  });
});
