import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type CardProps = {
  title?: string;
  description?: string;
  className?: string;
  children: ReactNode;
};

/** A titled section; its heading is an h2 so page outlines read well. */
export function Card({ title, description, className, children }: CardProps) {
  return (
    <section
      className={clsx(
        'rounded-xl border border-border bg-surface p-5 shadow-card sm:p-6',
        className,
      )}
    >
      {title && (
        <header className="mb-5">
          <h2 className="text-base font-semibold text-fg">{title}</h2>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </header>
      )}
      {children}
    </section>
  );
}
