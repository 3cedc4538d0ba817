import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { defaultSystemSettings, mockApi, okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadArea, signedInAs } from './area-test-setup';

function siteSettings(settings: object, extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({ 'GET /system-settings': okReply({ ...defaultSystemSettings, ...settings }), ...extra });
}

// Whole-app renders: slow on a machine shared with other test runs.
describe('site identity', { timeout: 20_000 }, () => {
  beforeAll(preloadArea, 60_000);

  it('names the site in the brand and the document title', async () => {
    siteSettings({ siteName: 'Cardhouse' });
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Cardhouse' })).toHaveAttribute('href', '/');
    // The page first, then the site: tabs side by side tell which is which.
    await waitFor(() => expect(document.title).toBe('Sign in · Cardhouse'));
  });

  it('names the site in the sidebar of the areas', async () => {
    signedInAs('reseller', {
      'GET /system-settings': okReply({ ...defaultSystemSettings, siteName: 'Cardhouse' }),
    });
    renderApp('/reseller/profile');

    const sidebar = await screen.findByRole('complementary');
    await waitFor(() => expect(sidebar).toHaveTextContent('Cardhouse'));
    await waitFor(() => expect(document.title).toBe('Profile · Cardhouse'));
  });

  it('speaks the browser’s language to a reader who never chose one', async () => {
    window.localStorage.removeItem('preferredLanguage');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'fr']);
    siteSettings({ defaultLanguage: 'fr' });
    renderApp('/login');

    // The site's default (French) is for browsers that ask for no language the app speaks.
    await waitFor(() => expect(window.localStorage.getItem('site-language')).toBe('fr'));
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('تسجيل الدخول'),
    );
    expect(i18n.resolvedLanguage).toBe('ar');
    expect(window.localStorage.getItem('preferredLanguage')).toBeNull();
  });

  it('speaks the site’s default language when the browser asks for none the app speaks', async () => {
    window.localStorage.removeItem('preferredLanguage');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE', 'es']);
    siteSettings({ defaultLanguage: 'fr' });
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    // Not stored as the reader's choice: a later change of the default still applies.
    expect(window.localStorage.getItem('preferredLanguage')).toBeNull();
    expect(window.localStorage.getItem('site-language')).toBe('fr');
  });

  it('keeps the language the reader chose', async () => {
    await i18n.changeLanguage('ar');
    siteSettings({ defaultLanguage: 'fr' });
    renderApp('/login');

    // Once the settings are read (the default is remembered), the reader's choice still wins.
    await waitFor(() => expect(window.localStorage.getItem('site-language')).toBe('fr'));
    expect(i18n.resolvedLanguage).toBe('ar');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('تسجيل الدخول');
  });
});
