import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A menu whose item opens a dialog, as the account menu opens "Log out?". */
function MenuOpeningADialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger>Account menu</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setOpen(true)}>Log out</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={open} onOpenChange={setOpen} title="Log out?" description="Sure?">
        <button onClick={() => setOpen(false)}>Cancel</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it(
    'gives focus back to the menu button when it was opened from a menu item, now gone',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      render(<MenuOpeningADialog />);
      screen.getByRole('button', { name: 'Account menu' }).focus();
      await user.keyboard('{Enter}');
      const item = await screen.findByRole('menuitem', { name: 'Log out' });
      await waitFor(() => expect(item).toHaveFocus());
      await user.keyboard('{Enter}');
      await screen.findByRole('dialog', { name: 'Log out?' });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus(),
      );
    },
  );
});
