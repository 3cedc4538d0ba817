import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type IconButtonProps = {
  /** The accessible name, also shown as a tooltip: the icon alone says little. */
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
};

/** A row action drawn as an icon: edit, delete. */
export function IconButton({ label, onClick, danger = false, children }: IconButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={danger ? 'text-danger' : undefined}
    >
      {children}
    </Button>
  );
}
