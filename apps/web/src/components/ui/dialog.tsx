import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { useRef, type ReactNode } from 'react';

const widths = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children?: ReactNode;
  /**
   * `lg` for dialogs that show a record rather than ask a question (a user's profile); `xl` for
   * one that holds a table (that user's statement).
   */
  size?: keyof typeof widths;
};

/**
 * A modal dialog. Radix traps focus inside, closes on Escape and the title and description are
 * announced on open. Focus goes back to the control that opened it: Radix only does so for its
 * own Trigger, and these dialogs are opened by state, so the control is remembered here.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <DialogPrimitive.Content
          className={clsx(
            // Centred 2rem lower than the window's middle, so that even the tallest begins 5rem
            // down, below the top bar's band where toasts show (app/toaster.tsx).
            'fixed inset-x-4 top-[calc(50%+2rem)] z-50 mx-auto -translate-y-1/2 rounded-xl border border-border bg-surface p-6 text-fg shadow-card',
            // A long form (a product, three languages) scrolls inside the dialog on small screens.
            'max-h-[calc(100dvh-6rem)] overflow-y-auto',
            widths[size],
          )}
          onOpenAutoFocus={() => {
            opener.current = openerOf(document.activeElement);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-muted">
            {description}
          </DialogPrimitive.Description>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * What focus goes back to: the focused control, or, for an item of a menu (which is gone once
 * the dialog closes), the button that opened the menu (Radix names the menu in its
 * `aria-controls`).
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu?.id) return active;
  const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return trigger instanceof HTMLElement ? trigger : active;
}
