import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { AlertsSection } from './alerts-section';
import { anAlert, bodiesSentTo } from './settings-fixtures';

describe('alerts section', { timeout: 20_000 }, () => {
  it('posts an alert in three languages with its severity and state', async () => {
    const created = anAlert({ severity: 'critical', active: false });
    const fetchMock = mockApi({
      'GET /alerts': okReply({ alerts: [] }),
      'POST /alerts': okReply(created, 201),
    });
    renderWithProviders(<AlertsSection />);
    const user = userEvent.setup();

    expect(await screen.findByText('No alert yet. Alerts you post appear here.')).toBeVisible();
    await user.type(screen.getByLabelText('Message in English'), 'Payments are delayed');
    await user.type(screen.getByLabelText('Message in French'), 'Les paiements sont retardés');
    await user.type(screen.getByLabelText('Message in Arabic'), 'المدفوعات متأخرة');
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await user.click(screen.getByRole('switch', { name: 'Show it now' }));
    await user.click(screen.getByRole('button', { name: 'Post alert' }));

    expect(await screen.findByText('Alert posted')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /alerts')).toEqual([
      {
        messageEn: 'Payments are delayed',
        messageFr: 'Les paiements sont retardés',
        messageAr: 'المدفوعات متأخرة',
        severity: 'critical',
        active: false,
      },
    ]);
    // The Arabic message is typed right to left whatever the interface language.
    expect(screen.getByLabelText('Message in Arabic')).toHaveAttribute('dir', 'rtl');
  });

  it('asks for every language before sending', async () => {
    const fetchMock = mockApi({ 'GET /alerts': okReply({ alerts: [] }) });
    renderWithProviders(<AlertsSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Message in English'), 'Only English');
    await user.type(screen.getByLabelText('Message in French'), '   ');
    await user.click(screen.getByRole('button', { name: 'Post alert' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Message in French')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message in Arabic')).toHaveAttribute('aria-invalid', 'true');
    expect(requestedPaths(fetchMock)).not.toContain('POST /alerts');
  });

  it('shows each alert in the interface language, and toggles it', async () => {
    const alert = anAlert({ active: true });
    let active = true;
    const fetchMock = mockApi({
      'GET /alerts': () => okReply({ alerts: [{ ...alert, active }] }),
      [`PATCH /alerts/${alert.id}/toggle`]: () => {
        active = !active;
        return okReply({ ...alert, active });
      },
    });
    renderWithProviders(<AlertsSection />);
    const user = userEvent.setup();

    const item = await findByRoleShowing('listitem', 'Scheduled maintenance tonight');
    // The other languages are folded away until asked for.
    expect(
      within(item).getByText('Scheduled maintenance tonight', { selector: 'p' }),
    ).toBeVisible();
    expect(within(item).getByText('Maintenance prévue ce soir')).not.toBeVisible();
    expect(within(item).getByText('Warning')).toBeInTheDocument();
    const toggle = within(item).getByRole('switch', { name: 'Show this alert to users' });
    expect(toggle).toBeChecked();

    await user.click(toggle);

    expect(await screen.findByText('Alert hidden')).toBeInTheDocument();
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    expect(requestedPaths(fetchMock)).toContain(`PATCH /alerts/${alert.id}/toggle`);
  });

  it('deletes an alert after confirmation, and says why when refused', async () => {
    const alert = anAlert();
    mockApi({
      'GET /alerts': okReply({ alerts: [alert] }),
      [`DELETE /alerts/${alert.id}`]: errorReply('not_found', 'Alert not found'),
    });
    renderWithProviders(<AlertsSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete this alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'What you are looking for was not found.',
    );
  });
});
