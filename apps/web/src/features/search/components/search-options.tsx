import { ArrowRight, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type SearchResults } from '@keymarket/contracts/analytics';
import type { Role } from '@keymarket/contracts/users';

type Product = SearchResults['products'][number];
type User = SearchResults['users'][number];
export type Option =
  | { kind: 'product'; id: string; to: string; product: Product }
  | { kind: 'user'; id: string; to: string; user: User }
  | { kind: 'all'; id: 'products' | 'users'; to: string };

/**
 * Where a result leads: the screen of its kind, its search box filled by the link (`?search=`):
 * the products screen filtered to the product's name, the Users screen to the username, where
 * the row's actions (profile, balance…) are one click away.
 */
export function optionsOf(results: SearchResults | undefined, role: Role, query: string): Option[] {
  if (!results) return [];
  const term = encodeURIComponent(query);
  return [
    ...results.products.map((product) => ({
      kind: 'product' as const,
      id: product.id,
      to: `/${role}/products?search=${encodeURIComponent(product.name)}`,
      product,
    })),
    ...results.users.map((user) => ({
      kind: 'user' as const,
      id: user.id,
      to: `/${role}/users?search=${encodeURIComponent(user.username)}`,
      user,
    })),
    // The list holds at most 10 of each: the screens themselves have every match of the text.
    { kind: 'all' as const, id: 'products' as const, to: `/${role}/products?search=${term}` },
    { kind: 'all' as const, id: 'users' as const, to: `/${role}/users?search=${term}` },
  ];
}

/** A text field, or anything else that takes typing: the shortcuts leave it its keys. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** "/" (outside text fields) or Ctrl+K / ⌘+K: the keys that open the search. */
export function isSearchShortcut(event: globalThis.KeyboardEvent): boolean {
  if (event.altKey || event.isComposing) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey;
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
}

export function ProductOption({ product }: { product: Product }) {
  return (
    <>
      {product.imageUrl ? (
        <img src={product.imageUrl} alt="" className="size-8 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="grid size-8 shrink-0 place-items-center rounded-md bg-surface-2 text-muted">
          <Package aria-hidden className="size-4" />
        </span>
      )}
      <span className="min-w-0 truncate font-medium">{product.name}</span>
    </>
  );
}

export function SeeAllOption({ label }: { label: string }) {
  return (
    <>
      <span className="grid size-8 shrink-0 place-items-center rounded-md bg-surface-2 text-muted">
        <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
      </span>
      <span className="min-w-0 truncate font-medium text-accent">{label}</span>
    </>
  );
}

export function UserOption({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden
        className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/15 text-xs font-semibold text-accent uppercase"
      >
        {user.firstName.charAt(0)}
        {user.lastName.charAt(0)}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">
          {user.firstName} {user.lastName}
        </span>
        <span className="truncate text-xs text-muted">
          <bdi>@{user.username}</bdi> · {t(`roles.${user.role}`)}
        </span>
      </span>
    </>
  );
}
