import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PriceRule } from '@keymarket/contracts/price-rules';
import { aCategory } from '@/testing/fixtures';
import { bodyText, mockApi, okReply, requestedPaths, type Reply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { StandingRules } from './standing-rules';

const games = aCategory();
const categoriesReply = okReply({ data: [games] });

const rule = (overrides: Partial<PriceRule>): PriceRule => ({
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  categoryId: null,
  markupPercent: 10,
  updatedAt: '2025-01-15T10:00:00.000Z',
  ...overrides,
});
const everything = rule({ markupPercent: 12.5 });
const forGames = rule({
  id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  categoryId: games.id,
  markupPercent: 40,
});

const rulesReply = (rules: PriceRule[]): Reply => okReply({ data: rules });

/** The bodies sent to `route`, parsed. */
function bodiesSentTo(fetchMock: ReturnType<typeof mockApi>, route: string): unknown[] {
  const routes = requestedPaths(fetchMock);
  return fetchMock.mock.calls
    .filter((call) => routes[fetchMock.mock.calls.indexOf(call)] === route)
    .map(([, init]) => JSON.parse(bodyText(init?.body)) as unknown);
}

describe('standing rules', { timeout: 20_000 }, () => {
  it('lists the rules by name, the everything rule first', async () => {
    mockApi({
      'GET /price-rules': rulesReply([everything, forGames]),
      'GET /categories': categoriesReply,
    });
    renderWithProviders(<StandingRules />);

    const list = await screen.findByRole('list', { name: 'Your standing rules' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Every productBuying price + 12.5 %',
      'GamesBuying price + 40 %',
    ]);
    expect(screen.getByRole('button', { name: 'Edit the rule for Games' })).toBeInTheDocument();
  });

  it('says so when there is no rule', async () => {
    mockApi({ 'GET /price-rules': rulesReply([]), 'GET /categories': categoriesReply });
    renderWithProviders(<StandingRules />);
    expect(await screen.findByText(/No rules: your invitees pay/)).toBeInTheDocument();
  });

  it('adds a rule for a category, refusing a bad markup before sending', async () => {
    const fetchMock = mockApi({
      'GET /price-rules': rulesReply([]),
      'GET /categories': categoriesReply,
      'PUT /price-rules': okReply(forGames),
    });
    renderWithProviders(<StandingRules />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a standing rule' });
    await user.selectOptions(within(dialog).getByLabelText('Applies to'), 'Games');
    const markup = within(dialog).getByLabelText('Markup (%)');

    await user.type(markup, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('The markup can have at most 2 decimals')).toBeVisible();
    await user.clear(markup);
    await user.type(markup, '1000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText('The markup must be between 0 and 1000 %'),
    ).toBeVisible();
    expect(requestedPaths(fetchMock)).not.toContain('PUT /price-rules');

    await user.clear(markup);
    await user.type(markup, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Rule for Games saved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /price-rules')).toEqual([
      { categoryId: games.id, markupPercent: 40 },
    ]);
  });

  it("edits a rule's markup, its category kept", async () => {
    const fetchMock = mockApi({
      'GET /price-rules': rulesReply([everything]),
      'GET /categories': categoriesReply,
      'PUT /price-rules': okReply({ ...everything, markupPercent: 15 }),
    });
    renderWithProviders(<StandingRules />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Edit the rule for Every product' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the standing rule' });
    expect(within(dialog).getByLabelText('Applies to')).toBeDisabled();
    const markup = within(dialog).getByLabelText('Markup (%)');
    expect(markup).toHaveValue('12.5');
    await user.clear(markup);
    await user.type(markup, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Rule for Every product saved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /price-rules')).toEqual([
      { categoryId: null, markupPercent: 15 },
    ]);
  });

  it('deletes a rule only once confirmed', async () => {
    const fetchMock = mockApi({
      'GET /price-rules': rulesReply([everything, forGames]),
      'GET /categories': categoriesReply,
      [`DELETE /price-rules/${forGames.id}`]: okReply(null, 204),
    });
    renderWithProviders(<StandingRules />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete the rule for Games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the rule for Games?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestedPaths(fetchMock)).not.toContain(`DELETE /price-rules/${forGames.id}`);

    await user.click(screen.getByRole('button', { name: 'Delete the rule for Games' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete rule' }),
    );
    expect(await screen.findByText('Rule for Games deleted')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /price-rules/${forGames.id}`);
  });
});
