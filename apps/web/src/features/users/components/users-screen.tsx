import { Eye } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sortText } from '@keymarket/contracts/pagination';
import { roleSchema, roles, userStatusSchema, userStatuses } from '@keymarket/contracts/users';
import { userSortColumns, type UserSummary } from '@keymarket/contracts/users-admin';
import { CsvDownloadButton } from '@/components/csv-download-button';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { SearchInput } from '@/components/ui/search-input';
import { SortableHeader, SortSelect } from '@/components/ui/sortable-header';
import { UserName } from '@/components/ui/user-name';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserAvatar } from '@/entities/users/components/user-avatar';
import { useCurrentUser } from '@/lib/auth/current-user';
import { formatDate } from '@/lib/format-date';
import { formatUsdAmount, useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { useUsers, type UsersScope } from '../api/get-users';
import { actionsFor, type UserAction } from './user-actions';
import { UserActionsMenu } from './user-actions-menu';
import { UserDialogs, type OpenUserDialog } from './user-dialogs';
import type { ProfileLinkState } from './user-profile-screen';
import { UserStatusBadge } from './user-status-badge';

// The actions stay in view while a narrow screen scrolls the table sideways. Being opaque, the
// sticky cells paint the tint of their row (the header's, a hovered row's) over the card colour.
// On phones the table is a list of cards (components/ui/table.tsx) and nothing scrolls sideways.
const stickyEnd =
  'sm:sticky end-0 sm:bg-surface from-surface-2/50 to-surface-2/50 sm:group-hover:bg-linear-to-r';
const stickyEndHeader = 'sticky end-0 bg-surface bg-linear-to-r from-surface-2/60 to-surface-2/60';

/**
 * The admin's Users screen (`all`), and a manager's or reseller's own downline (`downline`):
 * filters, the table, and the dialog of whichever action a row asks for.
 */
export function UsersScreen({ scope }: { scope: UsersScope }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const { t: tLimits } = useTranslation('limits');
  const me = useCurrentUser();
  const [profitVisible] = useProfitVisibility();
  // Filters, page, page size and sort live in the URL (a reload or Back keeps them); the navbar
  // search links here with `?search=<username>`.
  const table = useTableParams({
    filters: ['role', 'status', 'search'],
    sortable: userSortColumns,
  });
  const { filters, setFilters } = table;
  const role = roleSchema.safeParse(filters.role).data;
  const status = userStatusSchema.safeParse(filters.status).data;
  const onSearch = useCallback((term: string) => setFilters({ search: term }), [setFilters]);
  const [searchText, setSearchText] = useSearchFilter(filters.search, onSearch);
  const search = filters.search;
  const [dialog, setDialog] = useState<OpenUserDialog>(null);

  const listQuery = {
    role,
    status,
    search: search || undefined,
    sort: table.sort && sortText(table.sort),
  };
  const usersQuery = useUsers(scope, { ...listQuery, page: table.page, limit: table.pageSize });
  const sortColumns = [
    { column: 'username', label: t('fields.user') },
    { column: 'role', label: t('fields.role') },
    { column: 'status', label: t('fields.status') },
    { column: 'balance', label: t('fields.balance') },
    { column: 'profit', label: t('fields.profit') },
    { column: 'orders', label: t('fields.orders') },
    { column: 'date', label: t('fields.joined') },
  ] as const;
  const sortable = { sort: table.sort, onSort: table.setSort };
  // A downline holds no admins; the filter offers only what can be found.
  const roleOptions = scope === 'all' ? roles : roles.filter((option) => option !== 'admin');
  const viewer = me.data ? { id: me.data.id, role: me.data.role } : null;
  const open = (action: UserAction, user: UserSummary) => setDialog({ action, user });
  // A profile's Back link returns to the list as it is now (its filters and page).
  const location = useLocation();
  const listAddress = `${location.pathname}${location.search}`;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          className="min-w-48 flex-1"
        />
        <FilterSelect
          label={t('list.roleFilter')}
          allLabel={t('list.allRoles')}
          value={role ?? ''}
          options={roleOptions}
          optionLabel={(option) => tCore(`roles.${option}`)}
          onChange={(value) => setFilters({ role: value })}
        />
        <FilterSelect
          label={t('list.statusFilter')}
          allLabel={t('list.allStatuses')}
          value={status ?? ''}
          options={userStatuses}
          optionLabel={(option) => t(`status.${option}`)}
          onChange={(value) => setFilters({ status: value })}
        />
        <SortSelect columns={sortColumns} {...sortable} />
        {scope === 'all' && (
          <CsvDownloadButton
            path="/users/get-all-users"
            query={listQuery}
            label={t('list.download')}
          />
        )}
      </div>

      <PagedList
        query={usersQuery}
        page={table.page}
        onPageChange={table.setPage}
        pageSize={table.pageSize}
        onPageSizeChange={table.setPageSize}
        empty={
          search || role || status
            ? tCore('messages.noResultsFound')
            : t(scope === 'all' ? 'list.empty' : 'list.emptyDownline')
        }
      >
        {(rows) => (
          <Table aria-busy={usersQuery.isPlaceholderData || undefined}>
            <TableHead>
              <tr>
                <SortableHeader column="username" {...sortable}>
                  {t('fields.user')}
                </SortableHeader>
                <SortableHeader column="role" {...sortable}>
                  {t('fields.role')}
                </SortableHeader>
                <SortableHeader column="status" {...sortable}>
                  {t('fields.status')}
                </SortableHeader>
                <SortableHeader column="balance" firstDirection="desc" {...sortable}>
                  {t('fields.balance')}
                </SortableHeader>
                <SortableHeader column="profit" firstDirection="desc" {...sortable}>
                  {t('fields.profit')}
                </SortableHeader>
                <SortableHeader column="orders" firstDirection="desc" {...sortable}>
                  {t('fields.orders')}
                </SortableHeader>
                <TableHeader className="hidden lg:table-cell">
                  {tLimits('users.column')}
                </TableHeader>
                {/* Left to the profile dialog on narrower screens, so the row fits. */}
                <TableHeader className="hidden xl:table-cell">{t('fields.invitedBy')}</TableHeader>
                <SortableHeader
                  column="date"
                  firstDirection="desc"
                  className="hidden 2xl:table-cell"
                  {...sortable}
                >
                  {t('fields.joined')}
                </SortableHeader>
                <TableHeader className={stickyEndHeader}>
                  <span className="sr-only">{t('list.actions')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((user) => {
                const actions = viewer ? actionsFor(viewer, user) : [];
                return (
                  <TableRow key={user.id} className="group">
                    <TableCell kind="title">
                      <span className="flex items-center gap-3">
                        <UserAvatar user={user} size="sm" />
                        <span className="min-w-0">
                          <CellText className="font-medium text-fg sm:max-w-48">
                            {`${user.firstName} ${user.lastName}`}
                          </CellText>
                          <UserName
                            username={user.username}
                            className="block text-xs text-muted sm:max-w-48"
                          />
                        </span>
                      </span>
                    </TableCell>
                    <TableCell label={t('fields.role')}>{tCore(`roles.${user.role}`)}</TableCell>
                    <TableCell label={t('fields.status')}>
                      <UserStatusBadge status={user.status} />
                    </TableCell>
                    <TableCell label={t('fields.balance')} className="tabular-nums">
                      <bdi dir="ltr">{formatPrice(user.balance)}</bdi>
                    </TableCell>
                    <TableCell label={t('fields.profit')} className="tabular-nums">
                      {profitVisible ? (
                        <bdi dir="ltr">{formatPrice(user.profit)}</bdi>
                      ) : (
                        <span className="text-muted">{tCore('balance.hidden')}</span>
                      )}
                    </TableCell>
                    <TableCell label={t('fields.orders')} className="tabular-nums">
                      {user.ordersTotal}
                    </TableCell>
                    <TableCell
                      label={tLimits('users.column')}
                      className="tabular-nums sm:hidden lg:table-cell"
                    >
                      <DailyCap limits={user.limits} />
                    </TableCell>
                    <TableCell
                      label={t('fields.invitedBy')}
                      className="text-muted sm:hidden xl:table-cell"
                    >
                      {user.invitedBy ? <UserName username={user.invitedBy.username} /> : '—'}
                    </TableCell>
                    <TableCell
                      label={t('fields.joined')}
                      className="text-muted sm:hidden 2xl:table-cell"
                    >
                      {formatDate(user.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell kind="actions" className={stickyEnd}>
                      <span className="flex justify-end gap-1">
                        {actions.includes('profile') && (
                          <Link
                            to={user.id}
                            state={{ from: listAddress } satisfies ProfileLinkState}
                            className={buttonStyles({ variant: 'ghost', size: 'icon' })}
                            aria-label={t('actions.viewProfileOf', { name: user.username })}
                            title={t('actions.viewProfileOf', { name: user.username })}
                          >
                            <Eye aria-hidden className="size-4" />
                          </Link>
                        )}
                        {actions.length > 1 && (
                          <UserActionsMenu
                            user={user}
                            actions={actions.filter((action) => action !== 'profile')}
                            onSelect={(action) => open(action, user)}
                          />
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </PagedList>
      <UserDialogs dialog={dialog} viewer={viewer} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** A user's daily spending cap and what it spent of it today (UTC), or that it has none. */
function DailyCap({ limits }: { limits: UserSummary['limits'] }) {
  const { t, i18n } = useTranslation('limits');
  const usd = (value: number) => formatUsdAmount(value, i18n.language);
  if (limits.dailySpendCap === null) {
    return (
      <span className="text-muted">
        {limits.spentToday > 0
          ? t('users.spentToday', { spent: usd(limits.spentToday) })
          : t('users.noCap')}
      </span>
    );
  }
  const reached = limits.spentToday >= limits.dailySpendCap;
  return (
    <span className={reached ? 'font-medium text-danger' : 'text-fg'}>
      {t('users.spentOf', { spent: usd(limits.spentToday), cap: usd(limits.dailySpendCap) })}
    </span>
  );
}
