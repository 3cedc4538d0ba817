import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { i18n } from '@/lib/i18n';
import { aTicket } from '@/testing/fixtures';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { CreateTicketForm } from './create-ticket-form';

async function fillAndSend(subject: string, message: string) {
  const user = userEvent.setup();
  if (subject) await user.type(await screen.findByLabelText('Subject'), subject);
  if (message) await user.type(screen.getByLabelText('Message'), message);
  await user.click(screen.getByRole('button', { name: 'Send ticket' }));
}

// Typing through user-event takes seconds on a busy machine; the default 5 s is too tight.
describe('create ticket form', { timeout: 15_000 }, () => {
  it('refuses a short subject and message with the contract’s messages, without a call', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CreateTicketForm />);

    await fillAndSend('Help', 'Too short');

    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(messages.ticketSubjectMin);
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(messages.ticketMessageMin);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the rules in French too', async () => {
    await i18n.changeLanguage('fr');
    mockApi({});
    renderWithProviders(<CreateTicketForm />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Envoyer le ticket' }));

    expect(screen.getByLabelText('Sujet')).toHaveAccessibleDescription(
      'Le sujet doit contenir au moins 5 caractères',
    );
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Le message doit contenir au moins 10 caractères',
    );
  });

  it('sends the trimmed ticket, then empties the form', async () => {
    const fetchMock = mockApi({ 'POST /tickets/create': okReply(aTicket(), 201) });
    renderWithProviders(<CreateTicketForm />);

    await fillAndSend('  Key does not work ', 'The key I bought is refused by the store.');

    expect(
      await screen.findByText('Ticket sent. An administrator will answer soon.'),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /tickets/create']);
    expect(JSON.parse(bodyText(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      subject: 'Key does not work',
      message: 'The key I bought is refused by the store.',
    });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('shows the specification’s message when a ticket is already open', async () => {
    mockApi({
      'POST /tickets/create': errorReply('open_ticket_exists', messages.openTicketExists),
    });
    renderWithProviders(<CreateTicketForm />);

    await fillAndSend('Second problem', 'Another thing went wrong today.');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have an open ticket. Please wait for it to be closed before creating a new one.',
    );
  });

  it('shows that refusal in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({
      'POST /tickets/create': errorReply('open_ticket_exists', messages.openTicketExists),
    });
    renderWithProviders(<CreateTicketForm />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('الموضوع'), 'Second problem');
    await user.type(screen.getByLabelText('الرسالة'), 'Another thing went wrong today.');
    await user.click(screen.getByRole('button', { name: 'إرسال التذكرة' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لديك تذكرة مفتوحة. يُرجى الانتظار حتى إغلاقها قبل إنشاء تذكرة جديدة.',
    );
  });

  it('says “Failed to create ticket” with the reason for any other failure', async () => {
    mockApi({ 'POST /tickets/create': errorReply('internal') });
    renderWithProviders(<CreateTicketForm />);

    await fillAndSend('Key does not work', 'The key I bought is refused by the store.');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.failedToCreateTicket);
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
  });
});
