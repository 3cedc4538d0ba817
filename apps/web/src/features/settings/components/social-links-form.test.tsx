import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { bodiesSentTo } from './settings-fixtures';
import { SocialLinksForm } from './social-links-form';

const stored = { facebook: 'https://facebook.com/keymarket', x: 'https://x.com/keymarket' };

describe('social links form', { timeout: 20_000 }, () => {
  it('sends the whole map: filled networks as addresses, empty ones as null', async () => {
    const fetchMock = mockApi({
      'GET /social-links/get-social-links': okReply({ links: stored }),
      'PUT /social-links/update': okReply({
        links: { x: stored.x, telegram: 'https://t.me/keymarket' },
      }),
    });
    renderWithProviders(<SocialLinksForm />);
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Facebook')).toHaveValue(stored.facebook);
    await user.clear(screen.getByLabelText('Facebook'));
    await user.type(screen.getByLabelText('Telegram'), '  https://t.me/keymarket ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Social links saved')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /social-links/update')).toEqual([
      {
        links: {
          facebook: null,
          instagram: null,
          x: stored.x,
          telegram: 'https://t.me/keymarket',
          whatsapp: null,
          youtube: null,
          tiktok: null,
          discord: null,
          website: null,
        },
      },
    ]);
  });

  it('checks each network’s address on its own, before sending', async () => {
    const fetchMock = mockApi({ 'GET /social-links/get-social-links': okReply({ links: {} }) });
    renderWithProviders(<SocialLinksForm />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Instagram'), 'instagram.com/keymarket');
    await user.type(screen.getByLabelText('Website'), 'javascript:alert(1)');
    await user.type(screen.getByLabelText('YouTube'), 'https://youtube.com/@keymarket');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const problem = 'Enter a full address starting with http:// or https://';
    expect(await screen.findAllByText(problem)).toHaveLength(2);
    expect(screen.getByLabelText('Instagram')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('YouTube')).toHaveAttribute('aria-invalid', 'false');
    expect(requestedPaths(fetchMock)).not.toContain('PUT /social-links/update');
  });

  it('puts the server’s refusal under the network it concerns', async () => {
    mockApi({
      'GET /social-links/get-social-links': okReply({ links: {} }),
      'PUT /social-links/update': () => ({
        ...errorReply('validation', 'Validation failed'),
        body: {
          statusCode: 400,
          message: { type: 'validation', text: 'Validation failed' },
          details: [
            { path: 'body.links.discord', message: 'The address cannot exceed 500 characters' },
          ],
        },
      }),
    });
    renderWithProviders(<SocialLinksForm />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Discord'), 'https://discord.gg/abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('At most 500 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord')).toHaveAttribute('aria-invalid', 'true');
  });
});
