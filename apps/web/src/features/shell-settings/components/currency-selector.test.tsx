import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadArea, signedInAs } from './area-test-setup';

const currencies = [
  { id: '5d0b8f0e-6c1a-4a57-9a0e-0f1d6c1b2a01', code: 'USD', symbol: '$', rateToUSD: 1 },
  { id: '5d0b8f0e-6c1a-4a57-9a0e-0f1d6c1b2a02', code: 'EUR', symbol: '€', rateToUSD: 0.9 },
];

function signedInReseller() {
  signedInAs(
    'reseller',
    { 'GET /currencies': okReply({ currencies }) },
    { balance: { current: 120.5, total: 300, spent: 179.5, profit: 42.25 } },
  );
}

/** The top bar's selector (from 1360px; jsdom applies no breakpoints, the sidebar has one too). */
async function topBarSelector() {
  const selectors = await screen.findAllByRole('combobox', { name: 'Currency' });
  return selectors.find((selector) => !selector.closest('aside'))!;
}

/** The profile page's balance card: an amount on the page, below the top bar. */
async function balanceCard() {
  const heading = await screen.findByRole('heading', { name: 'Balance' });
  return heading.closest('section')!;
}

// Whole-app renders: slow on a machine shared with other test runs.
describe('currency selector', { timeout: 20_000 }, () => {
  beforeAll(preloadArea, 60_000);

  it('shows every amount, top bar and page, in the chosen currency', async () => {
    const user = userEvent.setup();
    signedInReseller();
    renderApp('/reseller/profile');
    const summary = await screen.findByLabelText('Your balance');
    expect(summary).toHaveTextContent('$120.5');
    expect(await balanceCard()).toHaveTextContent('$300');

    const selector = await topBarSelector();
    await waitFor(() => expect(within(selector).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(selector, 'EUR');

    // 120.5 × 0.9 = 108.45; 42.25 × 0.9 = 38.025 → 38.03; 300 × 0.9 = 270
    expect(summary).toHaveTextContent('€108.45');
    expect(summary).toHaveTextContent('€38.03');
    expect(await balanceCard()).toHaveTextContent('€270');
    expect(selector).toHaveFocus();
    expect(
      within(screen.getByRole('complementary')).getByRole('combobox', { name: 'Currency' }),
    ).toHaveValue('EUR');
    expect(JSON.parse(window.localStorage.getItem('display-currency')!)).toMatchObject({
      code: 'EUR',
      rateToUSD: 0.9,
    });
  });

  it('starts in the remembered currency after a reload', async () => {
    window.localStorage.setItem(
      'display-currency',
      JSON.stringify({ code: 'EUR', symbol: '€', rateToUSD: 0.9 }),
    );
    signedInReseller();
    renderApp('/reseller/profile');

    expect(await screen.findByLabelText('Your balance')).toHaveTextContent('€108.45');
    expect(await topBarSelector()).toHaveValue('EUR');
  });

  it('goes back to USD when the remembered currency was deleted', async () => {
    window.localStorage.setItem(
      'display-currency',
      JSON.stringify({ code: 'GBP', symbol: '£', rateToUSD: 0.8 }),
    );
    signedInReseller();
    renderApp('/reseller/profile');

    const summary = await screen.findByLabelText('Your balance');
    await waitFor(() => expect(summary).toHaveTextContent('$120.5'));
    expect(await balanceCard()).toHaveTextContent('$300');
    expect(await topBarSelector()).toHaveValue('USD');
  });
});
