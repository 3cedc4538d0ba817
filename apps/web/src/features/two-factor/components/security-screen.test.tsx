import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { bodyText, errorReply, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { SecurityScreen } from './security-screen';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Keymarket:nadia?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: PNG_DATA_URL,
};

describe('security screen', () => {
  it('sets up two-factor sign-in with the QR code and a confirming code', async () => {
    const fetchMock = mockApi({
      'GET /auth/2fa': okReply({ enabled: false, required: false }),
      'POST /auth/2fa/setup': okReply(setup),
      'POST /auth/2fa/enable': okReply({ enabled: true, required: false }),
    });
    renderWithProviders(<SecurityScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      PNG_DATA_URL,
    );
    expect(screen.getByText(setup.secret)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the app'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(messages.totpCodeFormat)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /auth/2fa/enable');
    const enable = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith('/enable'));
    expect(JSON.parse(bodyText(enable![1]!.body))).toEqual({ code: '123456' });
  });

  it('shows a wrong code under the field', async () => {
    mockApi({
      'GET /auth/2fa': okReply({ enabled: false, required: false }),
      'POST /auth/2fa/setup': okReply(setup),
      'POST /auth/2fa/enable': {
        status: 401,
        body: {
          statusCode: 401,
          message: { type: 'invalid_credentials', text: messages.totpCodeInvalid },
          details: [{ path: 'body.code', message: messages.totpCodeInvalid }],
        },
      },
    });
    renderWithProviders(<SecurityScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText(messages.totpCodeInvalid)).toBeInTheDocument();
  });

  it('tells an administrator that it is required and cannot be turned off', async () => {
    mockApi({
      'GET /auth/2fa': okReply({ enabled: true, required: true }),
      'POST /auth/2fa/disable': errorReply('forbidden'),
    });
    renderWithProviders(<SecurityScreen />);

    expect(
      await screen.findByText('Required for administrators: it cannot be turned off.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
