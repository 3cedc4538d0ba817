import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { aUser } from '@/testing/fixtures';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ADMIN_ID, MANAGER_ID, aUserSummary } from '@/testing/user-fixtures';
import { BalanceDialog } from './balance-dialog';

const nadia = aUserSummary();
const ADD = `POST /balance/${nadia.id}/add`;
const REMOVE = `POST /balance/${nadia.id}/remove`;
const admin = aUser({ id: ADMIN_ID, role: 'admin' });

async function enterAmount(amount: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Amount (USD)');
  await user.clear(field);
  if (amount) await user.type(field, amount);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

function bodyOf(fetchMock: ReturnType<typeof mockApi>, route: string) {
  const index = requestedPaths(fetchMock).indexOf(route);
  return JSON.parse(bodyText(fetchMock.mock.calls[index]![1]!.body)) as unknown;
}

describe('balance dialog', () => {
  it.each([
    ['', 'Amount must be greater than 0'],
    ['0', 'Amount must be greater than 0'],
    ['-5', 'Amount must be greater than 0'],
    ['1.234', 'Amount must have at most 2 decimals'],
  ])('refuses %j with “%s” and sends nothing', async (amount, message) => {
    const fetchMock = mockApi({ 'GET /users/me': okReply(admin) });
    renderWithProviders(<BalanceDialog mode="add" user={nadia} onClose={vi.fn()} />);

    await enterAmount(amount);

    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription(message);
    expect(requestedPaths(fetchMock)).not.toContain(ADD);
  });

  it('reviews the deposit, then sends the amount as a number', async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      'GET /users/me': okReply(admin),
      [ADD]: okReply({ user: { id: nadia.id, username: nadia.username }, balance: 146 }),
    });
    renderWithProviders(<BalanceDialog mode="add" user={nadia} onClose={onClose} />);

    const user = await enterAmount('25.5');
    expect(screen.getByText('Add $25.50 to the balance of nadia?')).toBeInTheDocument();
    expect(screen.getByText('$146.00')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain(ADD);

    await user.click(screen.getByRole('button', { name: 'Add $25.50' }));

    expect(await screen.findByText('$25.50 added. nadia now has $146.00.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, ADD)).toEqual({ amount: 25.5 });
    expect(onClose).toHaveBeenCalled();
  });

  it('removes balance through the remove call, with the note', async () => {
    const fetchMock = mockApi({
      'GET /users/me': okReply(admin),
      [REMOVE]: okReply({ user: { id: nadia.id, username: nadia.username }, balance: 100.5 }),
    });
    renderWithProviders(<BalanceDialog mode="remove" user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Note (optional)'), 'Refund of a chargeback');
    await enterAmount('20');
    await user.click(screen.getByRole('button', { name: 'Remove $20.00' }));

    await vi.waitFor(() => expect(requestedPaths(fetchMock)).toContain(REMOVE));
    expect(bodyOf(fetchMock, REMOVE)).toEqual({ amount: 20, note: 'Refund of a chargeback' });
  });

  it('refuses to remove more than the balance', async () => {
    mockApi({ 'GET /users/me': okReply(admin) });
    renderWithProviders(<BalanceDialog mode="remove" user={nadia} onClose={vi.fn()} />);

    await enterAmount('500');

    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
      'The balance is only $120.50.',
    );
  });

  it.each([
    ['en', 'Failed to update balance. Please try again.'],
    ['fr', 'Impossible de mettre à jour le solde. Veuillez réessayer.'],
    ['ar', 'تعذّر تحديث الرصيد. يُرجى المحاولة مرة أخرى.'],
  ])('says the balance could not be updated (%s)', async (language, message) => {
    mockApi({ 'GET /users/me': okReply(admin), [ADD]: errorReply('internal') });
    renderWithProviders(<BalanceDialog mode="add" user={nadia} onClose={vi.fn()} />);

    const user = await enterAmount('10');
    await i18n.changeLanguage(language);
    await user.click(screen.getByRole('button', { name: /\$10.00/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
  it('keeps amounts whole inside Arabic sentences', async () => {
    mockApi({ 'GET /users/me': okReply(admin) });
    renderWithProviders(<BalanceDialog mode="add" user={nadia} onClose={vi.fn()} />);

    await enterAmount('10');
    await i18n.changeLanguage('ar');

    // The "$" would otherwise be moved to the far end of the right-to-left sentence.
    expect(
      await screen.findByRole('button', { name: 'إضافة \u2068$10.00\u2069' }),
    ).toBeInTheDocument();
  });
});

describe('balance transfer', () => {
  const manager = aUser({
    id: MANAGER_ID,
    role: 'manager',
    balance: { ...aUser().balance, current: 30 },
  });
  const invitee = aUserSummary({ invitedBy: { id: MANAGER_ID, username: 'mona' } });

  it('shows both balances and refuses more than the caller has', async () => {
    const fetchMock = mockApi({ 'GET /users/me': okReply(manager) });
    renderWithProviders(<BalanceDialog mode="transfer" user={invitee} onClose={vi.fn()} />);

    expect(await screen.findByText('Your balance')).toBeInTheDocument();
    expect(await screen.findByText('$30.00')).toBeInTheDocument();
    await enterAmount('30.01');

    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
      'Your balance is too low for this.',
    );
    expect(requestedPaths(fetchMock)).not.toContain(ADD);
  });

  it('transfers through the add call and translates a refusal for lack of balance', async () => {
    const fetchMock = mockApi({
      'GET /users/me': okReply(manager),
      [ADD]: errorReply('insufficient_balance', 'Your balance is too low to transfer $30'),
    });
    renderWithProviders(<BalanceDialog mode="transfer" user={invitee} onClose={vi.fn()} />);
    await screen.findByText('$30.00');

    const user = await enterAmount('30');
    expect(screen.getByText('Your balance after')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    await user.click(screen.getByRole('button', { name: 'Transférer $30,00' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de mettre à jour le solde. Veuillez réessayer.');
    expect(alert).toHaveTextContent(i18n.t('errors.insufficient_balance'));
    expect(bodyOf(fetchMock, ADD)).toEqual({ amount: 30 });
  });
});
