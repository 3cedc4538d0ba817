import { clsx } from 'clsx';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useUserDistribution } from '../api/get-user-distribution';
import { formatCount, formatShare } from '@/lib/format-number';

// The map's shapes and projection code are the heaviest part of the dashboard: they load after
// the figures, in a chunk of their own.
const WorldMap = lazy(() => import('./world-map').then((module) => ({ default: module.WorldMap })));

function MapPlaceholder() {
  return (
    <div className="grid aspect-[96/47] place-items-center rounded-lg bg-surface-2/50">
      <Spinner />
    </div>
  );
}

function CountryRow(props: { name: string; users: number; total: number; muted?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <tr>
      <th
        scope="row"
        className={clsx('px-3 py-2 text-start font-normal', props.muted ? 'text-muted' : 'text-fg')}
      >
        {props.name}
      </th>
      <td className="px-3 py-2 text-end text-fg tabular-nums">
        {formatCount(props.users, i18n.language)}
      </td>
      <td className="px-3 py-2 text-end text-muted tabular-nums">
        {formatShare(props.users / props.total, i18n.language)}
      </td>
    </tr>
  );
}

/** Where the caller's users are: the platform's for an admin, the downline's for a seller. */
export function UserDistributionCard({ scope }: { scope: 'platform' | 'downline' }) {
  const { t, i18n } = useTranslation('dashboard');
  const distributionQuery = useUserDistribution();
  const language = i18n.language;
  const regionNames = useMemo(
    () => new Intl.DisplayNames(language, { type: 'region', fallback: 'code' }),
    [language],
  );
  const countryName = (alpha2: string) => regionNames.of(alpha2) ?? alpha2;
  const distribution = distributionQuery.data;
  const users = useMemo(
    () => new Map(distribution?.countries.map((entry) => [entry.country, entry.users])),
    [distribution],
  );
  const total = distribution
    ? distribution.countries.reduce((sum, entry) => sum + entry.users, distribution.unknown)
    : 0;

  return (
    <Card title={t(`map.title.${scope}`)} description={t('map.description')}>
      {distributionQuery.isPending && <MapPlaceholder />}
      {distributionQuery.isError && (
        <LoadError
          error={distributionQuery.error}
          onRetry={() => void distributionQuery.refetch()}
        />
      )}
      {distribution &&
        // An empty map says nothing the sentence does not, and costs the map's download.
        (total === 0 ? (
          <p className="text-sm text-muted">{t('map.empty')}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
            <Suspense fallback={<MapPlaceholder />}>
              <WorldMap users={users} countryName={countryName} />
            </Suspense>
            {/* Focusable, so keyboard users can scroll a long list of countries too. */}
            <div
              role="region"
              aria-label={t('map.tableCaption')}
              tabIndex={0}
              className="max-h-80 overflow-y-auto rounded-lg border border-border"
            >
              <table className="w-full text-sm">
                <caption className="sr-only">{t('map.tableCaption')}</caption>
                <thead className="sticky top-0 bg-surface-2 text-xs text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t('map.country')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      {t('map.users')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      {t('map.share')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {distribution.countries.map((entry) => (
                    <CountryRow
                      key={entry.country}
                      name={countryName(entry.country)}
                      users={entry.users}
                      total={total}
                    />
                  ))}
                  {distribution.unknown > 0 && (
                    <CountryRow
                      name={t('map.unknown')}
                      users={distribution.unknown}
                      total={total}
                      muted
                    />
                  )}
                </tbody>
              </table>
            </div>
          </div>
        ))}
    </Card>
  );
}
