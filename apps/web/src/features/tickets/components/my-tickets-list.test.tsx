import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aTicket } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { MyTicketsList } from './my-tickets-list';

const page = (data: unknown[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

describe('my tickets', () => {
  it('lists each ticket with its status and the administrator’s answer', async () => {
    mockApi({
      'GET /tickets/my-tickets': page([
        aTicket({
          id: '0e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          subject: 'Refund please',
          status: 'closed',
          adminResponse: 'Refunded to your balance.',
          respondedAt: '2025-03-03T09:00:00.000Z',
        }),
        aTicket({ subject: 'Still waiting', status: 'pending' }),
      ]),
    });
    renderWithProviders(<MyTicketsList />);

    const answered = await screen.findByRole('article', { name: 'Refund please' });
    expect(within(answered).getByText('Closed')).toBeInTheDocument();
    expect(within(answered).getByText('Refunded to your balance.')).toBeInTheDocument();
    expect(within(answered).getByText(/Answered on/)).toBeInTheDocument();

    const waiting = screen.getByRole('article', { name: 'Still waiting' });
    expect(within(waiting).getByText('Pending')).toBeInTheDocument();
    expect(within(waiting).getByText('No answer yet.')).toBeInTheDocument();
  });

  it('shows ticket text literally, never as HTML', async () => {
    const subject = '<img src=x onerror=alert(1)>';
    const response = '<b>bold</b><script>alert(2)</script>';
    mockApi({
      'GET /tickets/my-tickets': page([
        aTicket({ subject, message: `${subject} in the message`, adminResponse: response }),
      ]),
    });
    renderWithProviders(<MyTicketsList />);

    const ticket = await screen.findByRole('article', { name: subject });
    expect(within(ticket).getByRole('heading', { name: subject })).toHaveTextContent(subject);
    expect(within(ticket).getByText(`${subject} in the message`)).toBeInTheDocument();
    expect(within(ticket).getByText(response)).toBeInTheDocument();
    // No element made of the ticket's markup: <script> and <b> have no role to query them by.
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.querySelector('img, script, b')).toBeNull();
  });

  it('says when there is no ticket yet', async () => {
    mockApi({ 'GET /tickets/my-tickets': page([]) });
    renderWithProviders(<MyTicketsList />);

    expect(await screen.findByText('You have not opened any ticket yet.')).toBeInTheDocument();
  });
});
