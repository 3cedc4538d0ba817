import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { stubXhr } from '@/testing/fake-xhr';
import { renderWithProviders } from '@/testing/render-app';
import {
  aCategory,
  anImageFile,
  aProduct,
  CATEGORY_ID,
  PRODUCT_ID,
  SUBCATEGORY_ID,
} from '../catalogue-fixtures';
import { ProductDialog } from './product-dialog';

const categories = [aCategory()];

function renderDialog(product = null as ReturnType<typeof aProduct> | null, onClose = vi.fn()) {
  renderWithProviders(
    <ProductDialog product={product} open categories={categories} onClose={onClose} />,
  );
  return onClose;
}

const formOf = (body: unknown) => Object.fromEntries([...(body as FormData).entries()]);

/** Types by pasting: a form of ten fields typed key by key is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('product dialog', { timeout: 15_000 }, () => {
  it('shows what is missing and refuses prices below the initial price', async () => {
    const uploads = stubXhr();
    renderDialog();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category');
    expect(screen.getByLabelText('Initial price (USD)')).toHaveAccessibleDescription(
      'Price is required',
    );

    await fill(user, 'Initial price (USD)', '10');
    await fill(user, 'Manager price (USD)', '8');
    await fill(user, 'Reseller price (USD)', '12.345');
    await fill(user, 'Name', 'Elden Ring');
    await user.selectOptions(screen.getByLabelText('Category'), CATEGORY_ID);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(screen.getByLabelText('Manager price (USD)')).toHaveAccessibleDescription(
      messages.sellingBelowCost,
    );
    expect(screen.getByLabelText('Reseller price (USD)')).toHaveAccessibleDescription(
      messages.amountDecimals,
    );
    expect(uploads).toHaveLength(0);
  });

  it('sends an instant product as multipart with its image, the "new" badge and no stock', async () => {
    const uploads = stubXhr();
    const onClose = renderDialog();
    const user = userEvent.setup();

    await screen.findByLabelText('Name');
    await fill(user, 'Name', 'Elden Ring');
    await user.selectOptions(screen.getByLabelText('Category'), CATEGORY_ID);
    await user.selectOptions(screen.getByLabelText('Subcategory'), SUBCATEGORY_ID);
    await user.click(screen.getByLabelText('Show the “New” badge'));
    await fill(user, 'Initial price (USD)', '5');
    await fill(user, 'Manager price (USD)', '8');
    await fill(user, 'Reseller price (USD)', '10.5');
    const cover = anImageFile('elden.webp', 'image/webp');
    await user.upload(screen.getByLabelText('Image'), cover);
    // Instant products count their keys; there is no stock to type.
    expect(screen.queryByLabelText('Stock')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/products' });
    expect(formOf(uploads[0]!.body)).toEqual({
      name: 'Elden Ring',
      description: '',
      categoryId: CATEGORY_ID,
      subcategoryId: SUBCATEGORY_ID,
      deliveryType: 'instant',
      isNew: 'true',
      initialPrice: '5',
      managerPrice: '8',
      resellerPrice: '10.5',
      lowStockThreshold: '',
      allowBackorder: 'false',
      maxOrderQuantity: '',
      maxDailyQuantity: '',
      image: cover,
    });
    uploads[0]!.respond(201, aProduct());
    expect(await screen.findByText('Product Elden Ring created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a request product with its stock, keeping the image (PUT without one)', async () => {
    const uploads = stubXhr();
    renderDialog(
      aProduct({ deliveryType: 'request', badges: ['request'], isNew: false, stockQuantity: 4 }),
    );
    const user = userEvent.setup();

    const stock = await screen.findByLabelText('Stock');
    expect(stock).toHaveValue(4);
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'PUT', url: `/api/products/${PRODUCT_ID}` });
    expect(formOf(uploads[0]!.body)).toEqual({
      name: 'Elden Ring',
      description: '',
      categoryId: CATEGORY_ID,
      subcategoryId: SUBCATEGORY_ID,
      deliveryType: 'request',
      isNew: 'false',
      initialPrice: '5',
      managerPrice: '8',
      resellerPrice: '10',
      stockQuantity: '12',
      lowStockThreshold: '',
      allowBackorder: 'false',
      maxOrderQuantity: '',
      maxDailyQuantity: '',
    });
  });

  it('sets the product’s purchase limits: per order and per buyer a UTC day', async () => {
    const uploads = stubXhr();
    renderDialog(aProduct({ maxOrderQuantity: 3, maxDailyQuantity: null }));
    const user = userEvent.setup();

    const limits = within(await screen.findByRole('group', { name: 'Purchase limits' }));
    expect(limits.getByLabelText('Most units in one order')).toHaveValue(3);
    const daily = limits.getByLabelText('Most units per buyer a day (UTC)');
    expect(daily).toHaveValue(null);
    await user.type(daily, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(daily).toHaveAccessibleDescription('Use at least 1');
    expect(uploads).toHaveLength(0);

    await user.clear(daily);
    await user.type(daily, '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(formOf(uploads[0]!.body)).toMatchObject({
      maxOrderQuantity: '3',
      maxDailyQuantity: '10',
    });
  });

  it('puts the server’s price refusal under the price, translated', async () => {
    const uploads = stubXhr();
    renderDialog(aProduct());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond(400, {
      statusCode: 400,
      message: { type: 'price_below_cost', text: messages.sellingBelowCost },
      details: [
        {
          path: 'body.resellerPrice',
          message: 'The reseller price cannot be lower than the initial price ($5)',
        },
      ],
    });

    await vi.waitFor(() =>
      expect(screen.getByLabelText('Reseller price (USD)')).toHaveAccessibleDescription(
        messages.sellingBelowCost,
      ),
    );
  });
});
