import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Ticket } from '@keymarket/contracts/tickets';
import { aTicket } from '@/testing/fixtures';
import { bodyText, errorReply, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { AdminTicketsScreen } from './admin-tickets-screen';

const page = (data: Ticket[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

/** The query strings the screen asked `/tickets/all` with, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
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

  it('reads a conversation and answers it with the chosen status', async () => {
    const ticket = aTicket({ message: 'Line one\nline two', unread: true });
    const detail = (extra: object[] = [], status = ticket.status) => ({
      ...ticket,
      status,
      unread: false,
      reportDetails: null,
      messages: [
        {
          id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
          fromAdmin: false,
          author: ticket.user,
          body: ticket.message,
          attachments: [
            {
              id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
              name: 'invoice.pdf',
              contentType: 'application/pdf',
              sizeBytes: 1200,
              url: `/api/tickets/${ticket.id}/attachments/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`,
            },
          ],
          createdAt: ticket.createdAt,
        },
        ...extra,
      ],
    });
    const fetchMock = mockApi({
      'GET /tickets/all': page([ticket]),
      [`GET /tickets/${ticket.id}`]: okReply(detail()),
      [`POST /tickets/${ticket.id}/messages`]: okReply(
        detail(
          [
            {
              id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
              fromAdmin: true,
              author: { id: '9f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'admin' },
              body: 'We are checking with the supplier.',
              attachments: [],
              createdAt: ticket.createdAt,
            },
          ],
          'closed',
        ),
        201,
      ),
    });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    expect(await screen.findByRole('img', { name: 'New message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read ticket “Key does not work”' }));
    const dialog = screen.getByRole('dialog', { name: 'Conversation' });
    expect(dialog).toHaveAccessibleDescription(/^From nadia, opened on/);
    expect(await within(dialog).findByText(/Line one\s+line two/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'invoice.pdf' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Status after answering')).toHaveValue('pending');

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByLabelText('Your message')).toHaveAccessibleDescription(
      messages.ticketResponseRequired,
    );

    await user.type(
      within(dialog).getByLabelText('Your message'),
      'We are checking with the supplier.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Status after answering'), 'closed');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(bodyText(post![1]!.body))).toEqual({
      message: 'We are checking with the supplier.',
      status: 'closed',
      attachmentIds: [],
    });
  });

  it('explains why a closed ticket cannot be reopened', async () => {
    const ticket = aTicket({ status: 'closed', adminResponse: 'Done.' });
    mockApi({
      'GET /tickets/all': page([ticket]),
      [`GET /tickets/${ticket.id}`]: okReply({ ...ticket, reportDetails: null, messages: [] }),
      [`POST /tickets/${ticket.id}/messages`]: errorReply('conflict'),
    });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Read ticket “Key does not work”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Conversation' });
    await user.type(await within(dialog).findByLabelText('Your message'), 'Reopening.');
    await user.selectOptions(within(dialog).getByLabelText('Status after answering'), 'open');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });

  it('shows a subject with markup as text in the table and the dialog', async () => {
    const subject = '<img src=x onerror=alert(1)>';
    const ticket = aTicket({ subject, message: `<i>${subject}</i>` });
    mockApi({
      'GET /tickets/all': page([ticket]),
      [`GET /tickets/${ticket.id}`]: okReply({
        ...ticket,
        reportDetails: null,
        messages: [
          {
            id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
            fromAdmin: false,
            author: ticket.user,
            body: ticket.message,
            attachments: [],
            createdAt: ticket.createdAt,
          },
        ],
      }),
    });
    renderWithProviders(<AdminTicketsScreen />);
    const user = userEvent.setup();

    expect(await screen.findByRole('cell', { name: subject })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Read ticket “${subject}”` }));
    expect(
      await within(screen.getByRole('dialog')).findByText(`<i>${subject}</i>`),
    ).toBeInTheDocument();
    // No element made of the subject's markup: an <i> has no role to query it by.
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.querySelector('img, i')).toBeNull();
  });
});
