import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anInvitation } from '@/testing/fixtures';
import { bodyText, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { GenerateInvitationForm } from './generate-invitation-form';

async function submitExpiry(days: string) {
  const user = userEvent.setup();
  const expiry = screen.getByLabelText('Expires after (days)');
  await user.clear(expiry);
  await user.type(expiry, days);
  await user.click(screen.getByRole('button', { name: 'Generate code' }));
  return expiry;
}

describe('generate invitation form', () => {
  it.each([
    ['0', 'Expiry days must be at least 1'],
    ['8', 'Expiry days cannot exceed 7'],
  ])('refuses %s days with “%s”', async (days, message) => {
    const fetchMock = mockApi({});
    renderWithProviders(<GenerateInvitationForm canGrantManager={false} />);

    const expiry = await submitExpiry(days);

    expect(expiry).toHaveAccessibleDescription(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the role only to those who may grant manager', () => {
    mockApi({});
    renderWithProviders(<GenerateInvitationForm canGrantManager={false} />);
    expect(screen.queryByLabelText('Role granted')).not.toBeInTheDocument();
  });

  it('generates a manager code for an admin and shows it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /invitations/generate': okReply(
        anInvitation({ code: 'ZX8K4M2Q', role: 'manager' }),
        201,
      ),
    });
    renderWithProviders(<GenerateInvitationForm canGrantManager />);

    await user.selectOptions(screen.getByLabelText('Role granted'), 'manager');
    await submitExpiry('3');

    expect(await screen.findByText('ZX8K4M2Q')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /invitations/generate']);
    expect(JSON.parse(bodyText(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      expiryDays: 3,
      role: 'manager',
    });
  });
});
