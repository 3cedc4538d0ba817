import { clsx } from 'clsx';

/**
 * Text a user or an administrator typed: shown as text (React escapes it, nothing is parsed as
 * HTML), with its line breaks, long words wrapped instead of widening the page, and its own
 * direction (English typed on an Arabic page keeps its punctuation where it belongs).
 */
export function TicketText({ children, className }: { children: string; className?: string }) {
  return (
    <p
      dir="auto"
      className={clsx('text-sm whitespace-pre-wrap text-fg [overflow-wrap:anywhere]', className)}
    >
      {children}
    </p>
  );
}
