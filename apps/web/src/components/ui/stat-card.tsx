import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export type StatDetail = { label: string; value: ReactNode };

type StatCardProps = {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** The breakdown under the headline figure (by role, by status…). */
  details?: readonly StatDetail[];
};

/**
 * One headline figure (the dashboard's, a report's totals), named by its label for assistive
 * technology.
 */
export function StatCard({ label, value, icon: Icon, details = [] }: StatCardProps) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/15 text-accent">
          <Icon aria-hidden className="size-4.5" />
        </span>
        <p id={labelId} className="min-w-0 text-sm text-muted">
          {label}
        </p>
      </div>
      <p className="text-2xl font-semibold text-fg tabular-nums">{value}</p>
      {details.length > 0 && (
        <dl className="mt-auto flex flex-col gap-1 border-t border-border pt-3 text-xs">
          {details.map((detail) => (
            <div key={detail.label} className="flex items-center justify-between gap-3">
              <dt className="text-muted">{detail.label}</dt>
              <dd className="font-medium text-fg tabular-nums">{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
