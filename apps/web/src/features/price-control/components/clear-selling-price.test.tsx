import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '@/testing/fixtures';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ClearSellingPrice } from './clear-selling-price';

describe('clearing a hand-set selling price', () => {
  it('is offered for a hand-set price and sends the clearing', async () => {
    const product = aProduct(1, { sellingPrice: 11, sellingPriceSource: 'hand_set' });
    const fetchMock = mockApi({
      [`DELETE /products/${product.id}/seller-price`]: okReply(null, 204),
    });
    const onDone = vi.fn();
    renderWithProviders(<ClearSellingPrice product={product} onDone={onDone} />);

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Use my rule instead' }));
    expect(await screen.findByText(/follows your rules again/)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([`DELETE /products/${product.id}/seller-price`]);
    expect(onDone).toHaveBeenCalled();
  });

  it('is not offered for a price from a rule or the default', async () => {
    mockApi({});
    renderWithProviders(
      <>
        <ClearSellingPrice product={aProduct(1, { sellingPriceSource: 'rule' })} onDone={vi.fn()} />
        <p>Below</p>
      </>,
    );
    expect(await screen.findByText('Below')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
