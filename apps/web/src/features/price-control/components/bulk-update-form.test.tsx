import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category, Product } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { aProduct } from '@/testing/fixtures';
import { bodyText, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { BulkUpdateForm } from './bulk-update-form';

const cards: Category = {
  id: '3c2a8d4f-6e5b-4f9c-8d2e-1b3c4d5e6f70',
  nameEn: 'Cards',
  nameFr: 'Cartes',
  nameAr: 'بطاقات',
  descriptionEn: '',
  descriptionFr: '',
  descriptionAr: '',
  imageUrl: null,
  createdAt: '2025-01-15T10:00:00.000Z',
  productCount: 2,
  subcategories: [],
};

/** A price as sentences carry it: isolated left to right, for Arabic. */
const isolated = (price: string) => `\u2066${price}\u2069`;

const listReply = (products: Product[]) =>
  okReply({
    data: products,
    pagination: { page: 1, limit: 10_000, total: products.length, totalPages: 1 },
  });

function renderForm(
  products: Product[],
  { isAdmin = false, category }: { isAdmin?: boolean; category?: Category } = {},
) {
  const onClearSelection = vi.fn();
  renderWithProviders(
    <BulkUpdateForm
      isAdmin={isAdmin}
      selected={new Map(products.map((product) => [product.id, product]))}
      category={category}
      onClearSelection={onClearSelection}
      onRefusals={vi.fn()}
    />,
  );
  return { user: userEvent.setup(), onClearSelection };
}

function sentBody(fetchMock: ReturnType<typeof mockApi>): unknown {
  const index = requestedPaths(fetchMock).indexOf('PATCH /products/bulk-update-prices');
  return JSON.parse(bodyText(fetchMock.mock.calls[index]![1]!.body));
}

describe('the bulk price form by a percentage', () => {
  it("previews a seller's selling prices rounded half up to the cent, then sends the percentage", async () => {
    const products = [
      aProduct(1, { price: 8, sellingPrice: 10 }),
      aProduct(2, { price: 8, sellingPrice: 9.99 }),
    ];
    const fetchMock = mockApi({
      'PATCH /products/bulk-update-prices': okReply({ updated: 2 }),
    });
    const { user, onClearSelection } = renderForm(products);

    await user.click(screen.getByRole('button', { name: 'Percentage (%)' }));
    expect(screen.queryByLabelText('Selling price change (USD)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Selling price change (%)'), '15');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products?' });
    expect(dialog).toHaveTextContent('Selling price+15%');
    expect(dialog).toHaveTextContent('Selling price: $10.00 → $11.50');
    // 9.99 × 1.15 = 11.4885: the cent the server will write.
    expect(dialog).toHaveTextContent('Selling price: $9.99 → $11.49');
    expect(dialog).toHaveTextContent('rounded to the cent');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    await screen.findByText('Prices updated for the selected products (2)');
    expect(sentBody(fetchMock)).toEqual({
      mode: 'percent',
      change: { resellerPrice: 15 },
      target: { kind: 'products', productIds: products.map((product) => product.id) },
    });
    expect(onClearSelection).toHaveBeenCalled();
  });

  it('refuses in the preview every price that would fall below cost, with the reason, and sends nothing', async () => {
    const products = [
      aProduct(1, { price: 8, sellingPrice: 12 }),
      aProduct(2, { price: 8, sellingPrice: 10 }),
    ];
    const fetchMock = mockApi({});
    const { user } = renderForm(products);

    await user.click(screen.getByRole('button', { name: 'Percentage (%)' }));
    await user.type(screen.getByLabelText('Selling price change (%)'), '-25');
    await user.click(screen.getByRole('button', { name: 'Apply to the selection (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products?' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('1 product would fall below its lowest price');
    expect(alert).toHaveTextContent('Product 2Selling price: $10.00 → $7.50');
    expect(alert).toHaveTextContent(
      `The selling price would fall below your buying price (${isolated('$8.00')})`,
    );
    expect(alert).not.toHaveTextContent('Product 1');
    const confirm = within(dialog).getByRole('button', { name: 'Change prices' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(requestedPaths(fetchMock)).not.toContain('PATCH /products/bulk-update-prices');
  });

  it('refuses a percentage out of bounds or with more than 2 decimals under the field', async () => {
    const fetchMock = mockApi({});
    const { user } = renderForm([aProduct(1)]);
    await user.click(screen.getByRole('button', { name: 'Percentage (%)' }));
    const field = screen.getByLabelText('Selling price change (%)');
    const apply = screen.getByRole('button', { name: 'Apply to the selection (1)' });

    await user.click(apply);
    expect(field).toHaveAccessibleDescription('Enter a percentage to raise or lower by');
    await user.type(field, '-95');
    await user.click(apply);
    expect(field).toHaveAccessibleDescription(messages.percentRange);
    await user.clear(field);
    await user.type(field, '2.555');
    await user.click(apply);
    expect(field).toHaveAccessibleDescription(messages.percentDecimals);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('PATCH /products/bulk-update-prices');
  });

  it("an admin's change to every product of the filtered category previews them and names the category", async () => {
    const inCards = [aProduct(4, { initialPrice: 5, managerPrice: 8, resellerPrice: 10 })];
    const fetchMock = mockApi({
      'GET /products': listReply(inCards),
      'PATCH /products/bulk-update-prices': okReply({ updated: 1 }),
    });
    const { user } = renderForm([], { isAdmin: true, category: cards });

    await user.click(screen.getByRole('button', { name: 'Percentage (%)' }));
    await user.selectOptions(screen.getByLabelText('Apply to'), 'Every product in Cards');
    await user.type(screen.getByLabelText('Reseller price change (%)'), '-10');
    await user.click(screen.getByRole('button', { name: 'Apply to the category' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 1 product?' });
    expect(dialog).toHaveTextContent('Reseller price: $10.00 → $9.00');
    expect(dialog).toHaveTextContent('Products added later keep their own prices.');
    const listQuery = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .find((url) => url.includes('/products?'));
    expect(new URL(listQuery!, 'http://localhost').searchParams.get('categoryId')).toBe(cards.id);
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    await screen.findByText('Prices updated for 1 product');
    expect(sentBody(fetchMock)).toEqual({
      mode: 'percent',
      change: { resellerPrice: -10 },
      target: { kind: 'category', categoryId: cards.id },
    });
  });

  it('applies an amount to every product without a selection', async () => {
    const every = [aProduct(1, { initialPrice: 5, managerPrice: 8, resellerPrice: 10 })];
    const fetchMock = mockApi({
      'GET /products': listReply(every),
      'PATCH /products/bulk-update-prices': okReply({ updated: 1 }),
    });
    const { user } = renderForm([], { isAdmin: true });

    expect(screen.getByRole('button', { name: 'Apply to the selection (0)' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Apply to'), 'Every product');
    await user.type(screen.getByLabelText('Manager price change (USD)'), '1');
    await user.click(screen.getByRole('button', { name: 'Apply to every product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 1 product?' });
    expect(dialog).toHaveTextContent('Manager price: $8.00 → $9.00');
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    await screen.findByText('Prices updated for 1 product');
    expect(sentBody(fetchMock)).toEqual({
      mode: 'amount',
      change: { managerPrice: 1 },
      target: { kind: 'all' },
    });
  });
});
