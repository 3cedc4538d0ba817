import { Ban, FileSpreadsheet, FilterX, SlidersHorizontal } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sortText } from '@keymarket/contracts/pagination';
import { orderSortColumns, orderStatusSchema, orderStatuses } from '@keymarket/contracts/orders';
import type { Role } from '@keymarket/contracts/users';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TableToolbar } from '@/components/table-toolbar';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { orderQueryOptions } from '@/entities/orders/api/get-order';
import { useOrders, useOrderStats } from '../api/get-orders';
import { OrderDetailsDialog } from '@/entities/orders/components/order-details-dialog';
import { OrderFilterFields } from './order-filter-fields';
import { OrderStatsCards } from './order-stats';
import { RejectOrderDialog } from './reject-order-dialog';
import { SendKeysDialog } from './send-keys-dialog';
import { OrdersTable, type OrderDialog } from './orders-table';
import { CompleteFromCsvDialog } from './complete-from-csv-dialog';
import { RejectSelectedDialog } from './reject-selected-dialog';
import type { Order } from '@keymarket/contracts/orders';

type Dialogs = OrderDialog | { kind: 'csv' | 'rejectSelected' } | null;

const FILTERS = ['status', 'search', 'from', 'to', 'product', 'buyer', 'seller', 'all'] as const;

/** Orders of the caller (and, on request, of its downline), with the admin's delivery tools. */
export function OrdersScreen({ role }: { role: Role }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // Filters, page, page size and sort live in the URL: a reload or Back keeps them, and
  // `?status=pending` is where the profit dialog sends a user whose own orders block it.
  const table = useTableParams({ filters: FILTERS, sortable: orderSortColumns });
  const { filters, setFilters } = table;
  const status = orderStatusSchema.safeParse(filters.status).data;
  const showAll = filters.all === '1';
  const onSearch = useCallback((term: string) => setFilters({ search: term }), [setFilters]);
  const [searchText, setSearchText] = useSearchFilter(filters.search, onSearch);
  const [dialog, setDialog] = useState<Dialogs>(null);
  // On phones the filters wait behind a button, so the first order shows in the first screen.
  const [filtersShown, setFiltersShown] = useState(false);
  const phoneHidden = filtersShown ? '' : 'max-sm:hidden';
  // `?order=<id>`: a notification's link opens that order's details over the list.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedOrderId = searchParams.get('order') ?? '';
  const linkedOrder = useQuery({ ...orderQueryOptions(linkedOrderId), enabled: !!linkedOrderId });
  const closeDetails = () => {
    setDialog(null);
    if (linkedOrderId) {
      setSearchParams(
        (params) => {
          params.delete('order');
          return params;
        },
        { replace: true },
      );
    }
  };
  const isAdmin = role === 'admin';
  const filtersId = useId();
  const { t: tBulk } = useTranslation('fulfilment');
  // The admin's selection of pending orders, kept across pages until answered.
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const changeSelection = useCallback((orders: Order[], on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const order of orders) {
        if (on) next.set(order.id, order);
        else next.delete(order.id);
      }
      return next;
    });
  }, []);
  const selectedIds = new Set(selected.keys());
  const [selectionAnswered, setSelectionAnswered] = useState(false);

  const filterQuery = {
    showAll,
    status,
    search: filters.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    productId: filters.product || undefined,
    buyerId: filters.buyer || undefined,
    sellerId: filters.seller || undefined,
  };
  const query = { ...filterQuery, sort: table.sort && sortText(table.sort) };
  const ordersQuery = useOrders({ ...query, page: table.page, limit: table.pageSize });
  const orderStats = useOrderStats(filterQuery);
  const rows = ordersQuery.data?.data ?? [];
  const filtered = FILTERS.some((name) => name !== 'all' && filters[name] !== '');
  const sortColumns = [
    { column: 'date', label: t('orders.fields.createdAt') },
    { column: 'total', label: t('orders.fields.total') },
    { column: 'quantity', label: t('orders.fields.quantity') },
    { column: 'status', label: t('orders.fields.status') },
    { column: 'product', label: t('orders.fields.product') },
  ] as const;

  return (
    <div className="flex flex-col gap-6">
      {orderStats.isSuccess && <OrderStatsCards stats={orderStats.data} />}
      <Card title={t('orders.list.title')}>
        <div className="mb-4 flex flex-col gap-3">
          <TableToolbar
            align="center"
            search={{
              value: searchText,
              onChange: setSearchText,
              placeholder: t('orders.list.searchPlaceholder'),
              label: t('orders.list.search'),
              className: 'min-w-0 flex-1 sm:min-w-48',
            }}
            csv={{
              path: '/orders/all',
              query: { ...query, showAll: showAll ? 'true' : undefined },
              label: t('orders.list.download'),
              className: clsx('max-sm:flex-1', phoneHidden),
            }}
          >
            <Button
              variant="secondary"
              aria-expanded={filtersShown}
              aria-controls={filtersId}
              onClick={() => setFiltersShown((shown) => !shown)}
              className="sm:hidden"
            >
              <SlidersHorizontal aria-hidden className="size-4" />
              {t('common.filters')}
              {filtered && <span aria-hidden className="size-2 rounded-full bg-primary" />}
            </Button>
            {isAdmin && (
              <>
                <Button
                  variant="secondary"
                  onClick={() => setDialog({ kind: 'csv' })}
                  className="max-sm:flex-1"
                >
                  <FileSpreadsheet aria-hidden className="size-4" />
                  {tBulk('csv.open')}
                </Button>
                {selected.size > 0 && (
                  <Button
                    variant="danger"
                    onClick={() => setDialog({ kind: 'rejectSelected' })}
                    className="max-sm:flex-1"
                  >
                    <Ban aria-hidden className="size-4" />
                    {tBulk('reject.open', { count: selected.size })}
                  </Button>
                )}
              </>
            )}
            <FilterSelect
              label={t('orders.list.statusFilter')}
              allLabel={t('orders.list.allStatuses')}
              value={status ?? ''}
              options={orderStatuses}
              optionLabel={(option) => t(`orders.status.${option}`)}
              onChange={(value) => setFilters({ status: value })}
              className={clsx('min-w-40 max-sm:flex-1', phoneHidden)}
            />
          </TableToolbar>
          <TableToolbar
            id={filtersId}
            className={phoneHidden}
            sort={{ columns: sortColumns, sort: table.sort, onSort: table.setSort }}
            end={
              filtered && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setSearchText('');
                    setFilters(Object.fromEntries(FILTERS.map((name) => [name, ''])));
                  }}
                  className="ms-auto"
                >
                  <FilterX aria-hidden className="size-4" />
                  {t('orders.filters.clear')}
                </Button>
              )
            }
          >
            <OrderFilterFields
              filters={filters}
              setFilters={setFilters}
              rows={rows}
              isAdmin={isAdmin}
              showAll={showAll}
            />
          </TableToolbar>
        </div>

        <PagedList
          query={ordersQuery}
          page={table.page}
          onPageChange={table.setPage}
          pageSize={table.pageSize}
          onPageSizeChange={table.setPageSize}
          empty={t('messages.noResultsFound')}
        >
          {(rows) => (
            <OrdersTable
              rows={rows}
              busy={ordersQuery.isPlaceholderData}
              sort={table.sort}
              onSort={table.setSort}
              isAdmin={isAdmin}
              meId={me.data?.id}
              onOpen={setDialog}
              selection={isAdmin ? { selected: selectedIds, onChange: changeSelection } : undefined}
            />
          )}
        </PagedList>
      </Card>

      <OrderDetailsDialog
        order={
          dialog?.kind === 'details'
            ? dialog.order
            : linkedOrderId && !dialog
              ? (linkedOrder.data ?? null)
              : null
        }
        onClose={closeDetails}
      />
      <SendKeysDialog
        order={dialog?.kind === 'send' ? dialog.order : null}
        onClose={() => setDialog(null)}
      />
      {isAdmin && (
        <>
          <CompleteFromCsvDialog open={dialog?.kind === 'csv'} onClose={() => setDialog(null)} />
          <RejectSelectedDialog
            orders={[...selected.values()]}
            open={dialog?.kind === 'rejectSelected'}
            onClose={() => {
              setDialog(null);
              // Emptied once the dialog is closed: its results name the orders until then.
              if (selectionAnswered) setSelected(new Map());
              setSelectionAnswered(false);
            }}
            onDone={() => setSelectionAnswered(true)}
          />
        </>
      )}
      <RejectOrderDialog
        order={dialog?.kind === 'reject' || dialog?.kind === 'cancel' ? dialog.order : null}
        mode={dialog?.kind === 'cancel' ? 'cancel' : 'reject'}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
