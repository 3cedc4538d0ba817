import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertProps = {
  title?: string;
  children: ReactNode;
  /** A control to recover, such as a retry button. */
  action?: ReactNode;
};

/** An inline error, announced as soon as it appears. */
export function Alert({ title, children, action }: AlertProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <p>{children}</p>
      </div>
      {action}
    </div>
  );
}
