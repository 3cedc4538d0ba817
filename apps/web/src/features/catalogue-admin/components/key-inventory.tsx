import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Trash2 } from 'lucide-react';
import type { Product } from '@keymarket/contracts/catalogue';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import { Badge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { SearchInput } from '@/components/ui/search-input';
import { formatDateTime } from '@/lib/format-date';
import { useSearchTerm } from '@/lib/use-debounced';
import { useProductKeys } from '../api/get-product-keys';
import { unsoldKeysExportUrl } from '../api/key-pool';
import { DeleteKeysDialog, MoveKeysDialog } from './key-inventory-dialogs';

/**
 * What the admin is about to do: delete or move these keys, or move some of the next ones to be
 * sold (up to `count`, the unsold keys; the move dialog asks how many).
 */
type PendingAction =
  | { kind: 'delete'; keyIds: string[] }
  | { kind: 'move'; keyIds: string[] }
  | { kind: 'move'; count: number };

/**
 * The stored keys, masked by the server (first and last characters), newest first, searchable;
 * unsold ones can be selected, deleted or moved to another product, and exported.
 */
export function KeyInventory({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('catalogue');
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const q = useSearchTerm(searchText);
  const keysQuery = useProductKeys({ productId: product.id, page, limit: DEFAULT_LIMIT, q });
  // How many keys a move may take at most: the unsold count now, not the stock the dialog
  // opened with.
  const unsold = useProductKeys({ productId: product.id, page: 1, limit: 1, status: 'unsold' });
  const unsoldCount = unsold.data?.pagination.total ?? 0;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<PendingAction | null>(null);

  const unsoldOnPage = (keysQuery.data?.data ?? []).filter((k) => !k.sold).map((k) => k.id);
  const allSelected = unsoldOnPage.length > 0 && unsoldOnPage.every((id) => selected.has(id));

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <section aria-labelledby="key-inventory-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-t border-border pt-4">
        <h3 id="key-inventory-title" className="text-base font-semibold text-fg">
          {t('keys.inventory')}
        </h3>
        {keysQuery.isSuccess && (
          <p className="text-sm text-muted">
            {t('keys.inventoryCount', { count: keysQuery.data.pagination.total })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          aria-label={t('keyPool.search')}
          placeholder={t('keyPool.searchPlaceholder')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          className="min-w-0 flex-1 basis-56"
        />
        <a
          href={unsoldKeysExportUrl(product.id)}
          download
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden className="size-4" />
          {t('keyPool.export')}
        </a>
        <Button
          variant="secondary"
          size="sm"
          disabled={unsoldCount === 0}
          onClick={() => setAction({ kind: 'move', count: unsoldCount })}
        >
          {t('keyPool.moveSome')}
        </Button>
      </div>
      {selected.size > 0 && (
        <div
          role="region"
          aria-label={t('keyPool.selection')}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2"
        >
          <span className="me-auto text-sm text-fg">
            {t('keyPool.selected', { count: selected.size })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setAction({ kind: 'move', keyIds: [...selected] })}
          >
            {t('keyPool.moveSelected')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            onClick={() => setAction({ kind: 'delete', keyIds: [...selected] })}
          >
            {t('keyPool.deleteSelected')}
          </Button>
        </div>
      )}
      <PagedList
        query={keysQuery}
        page={page}
        onPageChange={setPage}
        empty={
          <p className="py-4 text-center text-sm text-muted">
            {q ? t('keyPool.noMatch') : t('keys.emptyInventory')}
          </p>
        }
      >
        {(rows) => (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {unsoldOnPage.length > 0 && (
              <li className="flex items-center gap-3 px-3 py-2 text-sm text-muted">
                <input
                  type="checkbox"
                  checked={allSelected}
                  aria-label={t('keyPool.selectPage')}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const id of unsoldOnPage) {
                        if (allSelected) next.delete(id);
                        else next.add(id);
                      }
                      return next;
                    })
                  }
                  className="size-4 accent-primary"
                />
                {t('keyPool.selectPage')}
              </li>
            )}
            {rows.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                {key.sold ? (
                  <span aria-hidden className="size-4" />
                ) : (
                  <input
                    type="checkbox"
                    checked={selected.has(key.id)}
                    onChange={() => toggle(key.id)}
                    aria-label={t('keyPool.select', { key: key.masked })}
                    className="size-4 accent-primary"
                  />
                )}
                <code dir="ltr" className="min-w-0 flex-1 truncate font-mono text-sm text-fg">
                  {key.masked}
                </code>
                <Badge tone={key.sold ? 'neutral' : 'success'}>
                  {key.sold ? t('keys.sold') : t('keys.unsold')}
                </Badge>
                <span className="text-xs text-muted">
                  {key.sold && key.soldAt
                    ? t('keys.soldOn', { date: formatDateTime(key.soldAt, i18n.language) })
                    : formatDateTime(key.createdAt, i18n.language)}
                </span>
                {!key.sold && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('keyPool.deleteOne', { key: key.masked })}
                    onClick={() => setAction({ kind: 'delete', keyIds: [key.id] })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {action?.kind === 'delete' && (
        <DeleteKeysDialog
          product={product}
          keyIds={action.keyIds}
          onDone={(ids) => {
            setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
            setAction(null);
          }}
          onCancel={() => setAction(null)}
        />
      )}
      {action?.kind === 'move' && (
        <MoveKeysDialog
          product={product}
          pick={'keyIds' in action ? { keyIds: action.keyIds } : { count: action.count }}
          onDone={() => {
            setSelected(new Set());
            setAction(null);
          }}
          onCancel={() => setAction(null)}
        />
      )}
    </section>
  );
}
