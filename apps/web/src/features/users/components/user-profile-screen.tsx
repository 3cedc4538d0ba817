import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { UserProfile } from '@keymarket/contracts/users-admin';
import {
  StatementView,
  statementFilters,
  statementSortable,
} from '@/entities/ledger/components/statement-view';
import { UserAvatar } from '@/entities/users/components/user-avatar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';
import { useTableParams } from '@/lib/use-table-params';
import { describeApiError } from '@/lib/translate-error';
import { useUserProfile } from '../api/get-user-profile';
import { ProfileActions } from './profile-actions';
import { UserSessions } from './user-sessions';
import { UserStatusBadge } from './user-status-badge';

const tabs = ['profile', 'statement', 'sessions'] as const;
type Tab = (typeof tabs)[number];

/** Where the Users list was (its filters and page) when it opened this profile. */
export type ProfileLinkState = { from?: string };

/**
 * `/<area>/users/<id>`: everything about one user at an address of its own (a link, a reload and
 * Back keep it): identity, balance, orders, inviter, invitees and package, the actions the viewer
 * may take on it, and on its second tab (`?tab=statement`) the user's statement; an administrator
 * sees and ends its signed-in devices on a third (`?tab=sessions`).
 */
export function UserProfileScreen({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const profileQuery = useUserProfile(userId);
  const profile = profileQuery.data;
  const me = useCurrentUser().data;
  // Its own devices an administrator ends from its own Profile.
  const shown = tabs.filter(
    (id) => id !== 'sessions' || (me?.role === 'admin' && me.id !== userId),
  );
  const asked = params.get('tab');
  const tab: Tab = shown.find((id) => id === asked) ?? 'profile';
  // A tab is a history entry: Back returns to the one before.
  const onTab = (next: Tab) => setParams(next === 'profile' ? {} : { tab: next });
  return (
    <>
      <BackToUsers />
      <PageHeader
        title={t('profile.title')}
        description={
          profile ? `${profile.firstName} ${profile.lastName} (@${profile.username})` : undefined
        }
      />
      <Card>
        <ProfileTabs tabs={shown} tab={tab} onTab={onTab} />
        {tab === 'profile' && <ProfileContent query={profileQuery} />}
        {tab === 'statement' && <UserStatement userId={userId} />}
        {tab === 'sessions' && profile && (
          <UserSessions userId={userId} username={profile.username} />
        )}
      </Card>
    </>
  );
}

/** Back to the list as it was left (filters, page), or to the list itself on a direct visit. */
function BackToUsers() {
  const { t } = useTranslation('users');
  const from = (useLocation().state as ProfileLinkState | null)?.from;
  return (
    <Link
      to={from ?? '..'}
      relative="path"
      className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t('profile.back')}
    </Link>
  );
}

type ProfileTabsProps = { tabs: readonly Tab[]; tab: Tab; onTab: (tab: Tab) => void };

function ProfileTabs({ tabs, tab, onTab }: ProfileTabsProps) {
  const { t } = useTranslation('users');
  const labels: Record<Tab, string> = {
    profile: t('profile.tabProfile'),
    statement: t('profile.tabStatement'),
    sessions: t('profile.tabSessions'),
  };
  return (
    <div role="tablist" className="-mt-1 mb-5 flex gap-1 border-b border-border">
      {tabs.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          onClick={() => onTab(id)}
          className={clsx(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition',
            tab === id ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
          )}
        >
          {labels[id]}
        </button>
      ))}
    </div>
  );
}

/** The user's statement, its filters and page in the address beside the tab. */
function UserStatement({ userId }: { userId: string }) {
  const params = useTableParams({ filters: statementFilters, sortable: statementSortable });
  return (
    <div role="tabpanel">
      <StatementView params={params} userId={userId} compact />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A figure tile: label above, value below. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-border bg-surface-2 px-3 py-2">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 truncate font-semibold text-fg tabular-nums">{children}</dd>
    </div>
  );
}

function ProfileContent({ query }: { query: ReturnType<typeof useUserProfile> }) {
  const { t: tCore } = useTranslation();
  return (
    <div role="tabpanel" className="flex flex-col gap-5">
      {query.isPending && (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      )}
      {query.isError && (
        <Alert
          action={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {tCore('common.retry')}
            </Button>
          }
        >
          {describeApiError(query.error, tCore)}
        </Alert>
      )}
      {query.isSuccess && <ProfileDetails profile={query.data} />}
    </div>
  );
}

function ProfileDetails({ profile }: { profile: UserProfile }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const [profitVisible] = useProfitVisibility();
  const money = (usd: number) => <bdi dir="ltr">{formatPrice(usd)}</bdi>;
  const country = profile.country ? countryName(profile.country, i18n.language) : null;
  const packageName = profile.package?.name ?? profile.managerPackage?.name;

  const facts: { label: string; value: ReactNode }[] = [
    { label: t('fields.email'), value: <bdi dir="ltr">{profile.email}</bdi> },
    {
      label: t('fields.phone'),
      value: profile.phone ? <bdi dir="ltr">{profile.phone}</bdi> : null,
    },
    { label: t('fields.country'), value: country },
    { label: t('fields.joined'), value: formatDate(profile.createdAt, i18n.language) },
    {
      label: t('fields.lastLogin'),
      value: profile.lastLoginAt ? formatDateTime(profile.lastLoginAt, i18n.language) : null,
    },
    {
      label: t('fields.invitedBy'),
      value: profile.invitedBy ? <bdi dir="ltr">@{profile.invitedBy.username}</bdi> : null,
    },
    {
      label: t('fields.package'),
      value: packageName ?? <span className="text-muted">{t('profile.noPackage')}</span>,
    },
  ];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={profile} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold text-fg">
            {profile.firstName} {profile.lastName}
          </p>
          <p className="truncate text-sm text-muted">
            <bdi dir="ltr">@{profile.username}</bdi> · {tCore(`roles.${profile.role}`)}
          </p>
        </div>
        <UserStatusBadge status={profile.status} />
        <ProfileActions profile={profile} />
      </div>
      {profile.status === 'banned' && profile.banReason && (
        <p className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {t('profile.banReason', { reason: profile.banReason })}
        </p>
      )}

      <Section title={t('profile.balance')}>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label={tCore('balance.current')}>{money(profile.balance.current)}</Figure>
          <Figure label={tCore('balance.total')}>{money(profile.balance.total)}</Figure>
          <Figure label={tCore('balance.spent')}>{money(profile.balance.spent)}</Figure>
          <Figure label={tCore('balance.profit')}>
            {profitVisible ? money(profile.balance.profit) : tCore('balance.hidden')}
          </Figure>
        </dl>
      </Section>

      <Section title={t('profile.orders')}>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label={t('profile.ordersTotal')}>{profile.orders.total}</Figure>
          <Figure label={t('profile.ordersCompleted')}>{profile.orders.completed}</Figure>
          <Figure label={t('profile.ordersPending')}>{profile.orders.pending}</Figure>
          <Figure label={t('profile.ordersRejected')}>{profile.orders.rejected}</Figure>
        </dl>
      </Section>

      <Section title={t('profile.details')}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-xs text-muted">{fact.label}</dt>
              <dd className={fact.value ? 'truncate text-fg' : 'text-muted italic'}>
                {fact.value ?? tCore('profile.notProvided')}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('profile.invitees', { count: profile.inviteesCount })}>
        {profile.invitees.length === 0 ? (
          <p className="text-sm text-muted">{t('profile.noInvitees')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {profile.invitees.map((invitee) => (
              <li key={invitee.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 truncate text-sm text-fg">
                  <bdi dir="ltr">@{invitee.username}</bdi>
                  <span className="ms-2 text-xs text-muted">{tCore(`roles.${invitee.role}`)}</span>
                </span>
                <UserStatusBadge status={invitee.status} />
              </li>
            ))}
          </ul>
        )}
        {profile.inviteesCount > profile.invitees.length && (
          <p className="text-xs text-muted">
            {t('profile.moreInvitees', { count: profile.inviteesCount - profile.invitees.length })}
          </p>
        )}
      </Section>
    </div>
  );
}

/** "France" for `FR`, in the reader's language; the code itself when the browser has no name. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
