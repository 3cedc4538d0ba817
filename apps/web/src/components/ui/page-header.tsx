import { usePageName } from '@/lib/page-title';

/** The page's h1; the area layout's <main> holds exactly one. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  usePageName(title);
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
    </header>
  );
}
