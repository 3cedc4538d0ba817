import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeRole } from '@/lib/stored-role';
import { aFaq } from '@/testing/fixtures';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const settings = {
  siteName: 'Keymarket',
  maintenanceMode: false,
  registrationOpen: true,
  defaultLanguage: 'en',
  supportContact: 'help@keymarket.example',
  passwordReset: false,
};
const links = {
  telegram: 'https://t.me/keymarket',
  website: 'https://keymarket.example/',
  // Refused by the server; if one ever got through it must not become a link.
  facebook: 'javascript:alert(1)',
};

// The whole app is rendered: the first visit transforms the lazily loaded pages on the spot,
// which takes longer than the default 5 s on a busy machine.
describe('public pages', { timeout: 20_000 }, () => {
  it('opens the contact page signed out, with the support address and the social links', async () => {
    const fetchMock = mockApi({
      'GET /system-settings': okReply(settings),
      'GET /social-links/get-social-links': okReply({ links }),
    });
    renderApp('/contact');

    expect(await screen.findByRole('heading', { name: 'Contact', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@keymarket.example' })).toHaveAttribute(
      'href',
      'mailto:help@keymarket.example',
    );
    const main = screen.getByRole('main');
    const telegram = await within(main).findByRole('link', {
      name: 'Telegram (opens in a new tab)',
    });
    expect(telegram).toHaveAttribute('href', 'https://t.me/keymarket');
    expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(main).getByRole('link', { name: 'Website (opens in a new tab)' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Facebook/ })).not.toBeInTheDocument();

    // The footer shows the same links as icons.
    const footerLinks = await screen.findByRole('navigation', { name: 'Social networks' });
    expect(within(footerLinks).getAllByRole('link')).toHaveLength(2);
    // No session is needed: nothing asked who the visitor is.
    expect(requestedPaths(fetchMock)).not.toContain('GET /users/me');
    expect(requestedPaths(fetchMock)).not.toContain('GET /users/me/role');
  });

  it('says so when neither a support contact nor a social link is set', async () => {
    mockApi({
      'GET /system-settings': okReply({ ...settings, supportContact: '' }),
      'GET /social-links/get-social-links': okReply({ links: {} }),
    });
    renderApp('/contact');

    expect(
      await screen.findByText('No support contact has been published yet.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No social network has been added yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Social networks' })).not.toBeInTheDocument();
  });

  it('leads a visitor from the home page to sign in, sign up and the other pages', async () => {
    mockApi({
      'GET /social-links/get-social-links': okReply({ links: {} }),
      'GET /faqs': okReply({ faqs: [aFaq()] }),
    });
    const router = renderApp('/home');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: /Game keys, gift cards/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const header = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(header).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(header).getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe('/faq');
    expect(
      await screen.findByRole('button', { name: 'How do I top up my balance?' }),
    ).toBeInTheDocument();
  });

  it('offers a signed-in visitor its own area instead of the login form', async () => {
    storeRole('manager');
    mockApi({
      'GET /social-links/get-social-links': okReply({ links: {} }),
      'GET /users/me/role': okReply({ role: 'manager' }),
    });
    renderApp('/home');

    expect(await screen.findByRole('link', { name: 'Open your dashboard' })).toHaveAttribute(
      'href',
      '/manager',
    );
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    // The header too: the way back to the area, not "Sign in".
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Go to my area' })).toHaveAttribute(
      'href',
      '/manager',
    );
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows "Sign in" again once the server says the stored session has ended', async () => {
    storeRole('manager');
    mockApi({
      'GET /social-links/get-social-links': okReply({ links: {} }),
      'GET /users/me/role': errorReply('unauthorized'),
      'GET /auth/refresh': errorReply('unauthorized'),
    });
    renderApp('/home');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    // The reader stays on the page it opened.
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it('tells what the platform is on the about page', async () => {
    mockApi({ 'GET /social-links/get-social-links': okReply({ links: {} }) });
    renderApp('/about');

    expect(
      await screen.findByRole('heading', { name: 'About Keymarket', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reseller', level: 3 })).toBeInTheDocument();
  });
});
