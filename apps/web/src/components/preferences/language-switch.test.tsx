import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch';

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
});
