import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { LanguageSwitch } from './language-switch';
import { queryKeys } from '@/lib/query-keys';

describe('LanguageSwitch', () => {
  it('mirrors the page for Arabic and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitch />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');

    // Arabic is fetched on demand; the page mirrors once it has arrived.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('preferredLanguage')).toBe('ar');
  });

  it('goes back to left-to-right for French', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitch />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'اللغة' }), 'fr');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });

  it('tells the signed-in account, whose emails follow the language', async () => {
    const fetchMock = mockApi({ 'PUT /users/me/language': okReply({ language: 'fr' }) });
    queryClient.setQueryData(queryKeys.currentUser, aUser());
    const user = userEvent.setup();
    render(<LanguageSwitch />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringMatching(/\/api\/users\/me\/language$/),
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'fr' }) }),
      ),
    );
  });

  it('tells no one when nobody is signed in', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    render(<LanguageSwitch />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'fr'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
