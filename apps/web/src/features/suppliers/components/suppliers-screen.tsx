import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useUpstreams } from '../api/get-upstreams';
import { AddUpstreamDialog } from './add-upstream-dialog';
import { PurchasesCard } from './purchases-card';
import { UpstreamCard } from './upstream-card';
import { UpstreamCatalogue } from './upstream-catalogue';

/** "Suppliers" (admin, DESIGN.md §14): other Keymarkets this platform docks products from. */
export function SuppliersScreen() {
  const { t } = useTranslation('suppliers');
  const upstreams = useUpstreams();
  const [adding, setAdding] = useState(false);
  const [browsingId, setBrowsingId] = useState<string>();
  const browsing = upstreams.data?.data.find((u) => u.id === browsingId);

  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <div className="mb-4">
        <Button onClick={() => setAdding(true)}>{t('add.open')}</Button>
      </div>
      <Card className="mb-6">
        {upstreams.isPending && <Spinner />}
        {upstreams.isError && (
          <LoadError error={upstreams.error} onRetry={() => void upstreams.refetch()} />
        )}
        {upstreams.isSuccess &&
          (upstreams.data.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{t('empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {upstreams.data.data.map((upstream) => (
                <UpstreamCard
                  key={upstream.id}
                  upstream={upstream}
                  browsing={upstream.id === browsingId}
                  onBrowse={() =>
                    setBrowsingId(upstream.id === browsingId ? undefined : upstream.id)
                  }
                />
              ))}
            </ul>
          ))}
      </Card>
      {browsing && <UpstreamCatalogue upstream={browsing} />}
      <PurchasesCard />
      {adding && <AddUpstreamDialog onClose={() => setAdding(false)} />}
    </>
  );
}
