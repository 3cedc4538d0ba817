import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type CardProps = {
  title?: string;
  description?: string;
  className?: string;
  /** A control beside the title, at the end of the line (an Edit button). */
  action?: ReactNode;
  children: ReactNode;
};

/** A titled section; its heading is an h2 so page outlines read well. */
export function Card({ title, description, className, action, children }: CardProps) {
  return (
    <section
      className={clsx(
        'rounded-xl border border-border bg-surface p-5 shadow-card sm:p-6',
        className,
      )}
    >
      {title && (
        <header className="mb-5 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-fg">{title}</h2>
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          {action}
        </header>
      )}
      {children}
    </section>
  );
}
