import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import { Badge } from '@/components/ui/badge';
import { PagedList } from '@/components/ui/paged-list';
import { formatDateTime } from '@/lib/format-date';
import { useProductKeys } from '../api/get-product-keys';

/** The stored keys, masked by the server, newest first, with whether each is sold. */
export function KeyInventory({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation('catalogue');
  const [page, setPage] = useState(1);
  const keysQuery = useProductKeys({ productId, page, limit: DEFAULT_LIMIT });

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
      <PagedList
        query={keysQuery}
        page={page}
        onPageChange={setPage}
        empty={<p className="py-4 text-center text-sm text-muted">{t('keys.emptyInventory')}</p>}
      >
        {(rows) => (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {rows.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <code dir="ltr" className="min-w-0 flex-1 truncate font-mono text-sm text-fg">
                  {key.masked}
                </code>
                <Badge tone={key.sold ? 'neutral' : 'success'}>
                  {key.sold ? t('keys.sold') : t('keys.unsold')}
                </Badge>
                <span className="w-full text-xs text-muted sm:w-auto">
                  {key.sold && key.soldAt
                    ? t('keys.soldOn', { date: formatDateTime(key.soldAt, i18n.language) })
                    : formatDateTime(key.createdAt, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
