import { usePageName } from '@/lib/page-title';
import type { ReactNode } from 'react';

type PublicPageProps = { title: string; lead?: string; children: ReactNode };

/** The frame of a signed-out content page: top-aligned, readable width, one h1. */
export function PublicPage({ title, lead, children }: PublicPageProps) {
  usePageName(title);
  return (
    <article className="w-full max-w-4xl self-start py-4 sm:py-8">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-2xl text-base text-muted">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
