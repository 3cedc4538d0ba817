import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('signup: the password rules', () => {
  it('lists the rules before anything is typed and ticks each one as the password meets it', async () => {
    mockApi({});
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    const user = userEvent.setup();

    const rules = screen.getByRole('list', { name: 'Password rules' });
    const items = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // Shown before the first keystroke, none met yet, and tied to the field for screen readers.
    expect(items()).toEqual([
      'At least 8 characters(not yet)',
      'An uppercase letter(not yet)',
      'A number(not yet)',
      'A special character, such as ! or #(not yet)',
    ]);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters/);

    await user.type(password, 'abc1');
    expect(items()).toEqual([
      'At least 8 characters(not yet)',
      'An uppercase letter(not yet)',
      'A number(met)',
      'A special character, such as ! or #(not yet)',
    ]);
    await user.type(password, 'Defgh!');
    expect(items().every((text) => text.endsWith('(met)'))).toBe(true);
    // No error was needed to learn them.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
