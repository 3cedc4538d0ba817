import { usePageName } from '@/lib/page-title';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle: string; children: ReactNode };

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  usePageName(title);
  return (
    <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        <p className="mt-1.5 text-sm text-muted">{subtitle}</p>
      </header>
      {children}
    </div>
  );
}
