import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Ticket } from '@keymarket/contracts/tickets';
import { aTicket } from '@/testing/fixtures';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { AdminTicketsScreen } from './admin-tickets-screen';

const page = (data: Ticket[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

/** The query strings the screen asked `/tickets/all` with, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/tickets/all')
    .map((url) => Object.fromEntries(url.searchParams));
}

// Typing through user-event takes seconds on a busy machine; the default 5 s is too tight.
describe('admin tickets screen', { timeout: 15_000 }, () => {
  it('filters by status and searches', async () => {
    const fetchMock = mockApi({ 'GET /tickets/all': page([aTicket()]) });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    expect(await screen.findByRole('cell', { name: 'Key does not work' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.type(screen.getByLabelText('Search tickets'), 'nadia');

    await expect
      .poll(() => listQueries(fetchMock).at(-1))
      .toEqual({ page: '1', limit: '10', status: 'pending', search: 'nadia' });
    expect(listQueries(fetchMock)[0]).toEqual({ page: '1', limit: '10' });
  });

  it('keeps its filters and sort in the URL and sorts by a column header', async () => {
    const fetchMock = mockApi({ 'GET /tickets/all': page([aTicket()]) });
    renderWithProviders(<AdminTicketsScreen />, { url: '/?status=closed&sort=subject&size=25' });
    const user = userEvent.setup();

    expect(await screen.findByRole('cell', { name: 'Key does not work' })).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]).toEqual({
      page: '1',
      limit: '25',
      status: 'closed',
      sort: 'subject',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('closed');
    await user.click(screen.getByRole('button', { name: /Subject/ }));
    await expect
      .poll(() => listQueries(fetchMock).at(-1))
      .toEqual({ page: '1', limit: '25', status: 'closed', sort: '-subject' });
  });

  it('says there are no tickets yet, and that none matches once a filter is set', async () => {
    mockApi({ 'GET /tickets/all': page([]) });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    expect(await screen.findByText('No tickets yet: none has been opened.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('No ticket matches.')).toBeInTheDocument();
  });

  it('reads a ticket and answers it with the chosen status', async () => {
    const ticket = aTicket({ message: 'Line one\nline two' });
    const fetchMock = mockApi({
      'GET /tickets/all': page([ticket]),
      [`PATCH /tickets/${ticket.id}/respond`]: okReply({
        ...ticket,
        status: 'pending',
        adminResponse: 'We are checking with the supplier.',
      }),
    });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Read ticket “Key does not work”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Ticket' });
    expect(dialog).toHaveAccessibleDescription(/^From nadia, opened on/);
    expect(within(dialog).getByText(/Line one\s+line two/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Status after answering')).toHaveValue('closed');

    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(within(dialog).getByLabelText('Your answer')).toHaveAccessibleDescription(
      messages.ticketResponseRequired,
    );

    await user.type(
      within(dialog).getByLabelText('Your answer'),
      'We are checking with the supplier.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Status after answering'), 'pending');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByText('Answer sent. Status: Pending')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual({
      response: 'We are checking with the supplier.',
      status: 'pending',
    });
  });

  it('explains why a closed ticket cannot be reopened', async () => {
    const ticket = aTicket({ status: 'closed', adminResponse: 'Done.' });
    mockApi({
      'GET /tickets/all': page([ticket]),
      [`PATCH /tickets/${ticket.id}/respond`]: errorReply('conflict'),
    });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Read ticket “Key does not work”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Ticket' });
    // The earlier answer is shown and is where the new one starts.
    expect(within(dialog).getByLabelText('Your answer')).toHaveValue('Done.');
    await user.selectOptions(within(dialog).getByLabelText('Status after answering'), 'open');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This user already has another ticket that is not closed, so this one cannot be reopened.',
    );
  });

  it('shows a subject with markup as text in the table and the dialog', async () => {
    const subject = '<img src=x onerror=alert(1)>';
    mockApi({ 'GET /tickets/all': page([aTicket({ subject, message: `<i>${subject}</i>` })]) });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    expect(await screen.findByRole('cell', { name: subject })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Read ticket “${subject}”` }));
    expect(within(screen.getByRole('dialog')).getByText(`<i>${subject}</i>`)).toBeInTheDocument();
    expect(document.querySelector('img, i')).toBeNull();
  });
});
