import { Ban, Eye, FilterX, KeyRound, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sortText } from '@keymarket/contracts/pagination';
import {
  orderSortColumns,
  orderStatusSchema,
  orderStatuses,
  type Order,
} from '@keymarket/contracts/orders';
import type { Role } from '@keymarket/contracts/users';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TableToolbar } from '@/components/table-toolbar';
import { ComboFilter, type ComboChoice } from '@/components/ui/combo-filter';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { Input } from '@/components/ui/input';
import { SortableHeader } from '@/components/ui/sortable-header';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCurrentUser } from '@/lib/auth/current-user';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { userChoices, useProductChoices } from '../api/filter-choices';
import { orderQueryOptions } from '@/entities/orders/api/get-order';
import { useOrders, useOrderStats } from '../api/get-orders';
import { useRememberedLabels } from './remembered-labels';
import { OrderDetailsDialog } from '@/entities/orders/components/order-details-dialog';
import { OrderStatsCards } from './order-stats';
import { OrderStatusBadge } from '@/entities/orders/components/order-status-badge';
import { RejectOrderDialog } from './reject-order-dialog';
import { SendKeysDialog } from './send-keys-dialog';

const useAllUserChoices = userChoices('all');
const useDownlineChoices = userChoices('downline');

type Dialogs =
  | { kind: 'details'; order: Order }
  | { kind: 'send'; order: Order }
  | { kind: 'reject'; order: Order }
  | { kind: 'cancel'; order: Order }
  | null;

const FILTERS = ['status', 'search', 'from', 'to', 'product', 'buyer', 'seller', 'all'] as const;

/** Orders of the caller (and, on request, of its downline), with the admin's delivery tools. */
export function OrdersScreen({ role }: { role: Role }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
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
  const [labels, rememberLabel] = useRememberedLabels();
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
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const filtered = FILTERS.some((name) => name !== 'all' && filters[name] !== '');
  const pick = (name: 'product' | 'buyer' | 'seller') => (choice: ComboChoice | undefined) => {
    if (choice) rememberLabel(choice.id, choice.label);
    setFilters({ [name]: choice?.id ?? '' });
  };
  const sortColumns = [
    { column: 'date', label: t('orders.fields.createdAt') },
    { column: 'total', label: t('orders.fields.total') },
    { column: 'quantity', label: t('orders.fields.quantity') },
    { column: 'status', label: t('orders.fields.status') },
    { column: 'product', label: t('orders.fields.product') },
  ] as const;

  return (
    <div className="flex flex-col gap-6">
      {orderStats.isSuccess && (
        <OrderStatsCards stats={orderStats.data} ownOrders={!isAdmin && !showAll} />
      )}
      <Card title={t('orders.list.title')}>
        <div className="mb-4 flex flex-col gap-3">
          <TableToolbar
            align="center"
            search={{
              value: searchText,
              onChange: setSearchText,
              placeholder: t('orders.list.searchPlaceholder'),
              label: t('orders.list.search'),
              className: 'min-w-48 flex-1',
            }}
            csv={{
              path: '/orders/all',
              query: { ...query, showAll: showAll ? 'true' : undefined },
              label: t('orders.list.download'),
              className: 'max-sm:flex-1',
            }}
          >
            <FilterSelect
              label={t('orders.list.statusFilter')}
              allLabel={t('orders.list.allStatuses')}
              value={status ?? ''}
              options={orderStatuses}
              optionLabel={(option) => t(`orders.status.${option}`)}
              onChange={(value) => setFilters({ status: value })}
              className="min-w-40 max-sm:flex-1"
            />
          </TableToolbar>
          <TableToolbar
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
            <label className="flex min-w-0 flex-[1_1_8rem] flex-col gap-1 text-xs text-muted">
              {t('orders.filters.from')}
              <Input
                type="date"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(event) => setFilters({ from: event.target.value })}
              />
            </label>
            <label className="flex min-w-0 flex-[1_1_8rem] flex-col gap-1 text-xs text-muted">
              {t('orders.filters.to')}
              <Input
                type="date"
                value={filters.to}
                min={filters.from || undefined}
                onChange={(event) => setFilters({ to: event.target.value })}
              />
            </label>
            <ComboFilter
              label={t('orders.fields.product')}
              value={filters.product}
              valueLabel={
                rows.find((order) => order.productId === filters.product)?.productName ??
                labels[filters.product]
              }
              onChange={pick('product')}
              useChoices={useProductChoices}
              className="min-w-0 flex-[1_1_12rem]"
            />
            {(isAdmin || showAll) && (
              <ComboFilter
                label={t('orders.fields.buyer')}
                value={filters.buyer}
                valueLabel={
                  rows.find((order) => order.buyer.id === filters.buyer)?.buyer.username ??
                  labels[filters.buyer]
                }
                onChange={pick('buyer')}
                useChoices={isAdmin ? useAllUserChoices : useDownlineChoices}
                className="min-w-0 flex-[1_1_12rem]"
              />
            )}
            {isAdmin && (
              <ComboFilter
                label={t('orders.fields.seller')}
                value={filters.seller}
                valueLabel={
                  rows.find((order) => order.seller?.id === filters.seller)?.seller?.username ??
                  labels[filters.seller]
                }
                onChange={pick('seller')}
                useChoices={useAllUserChoices}
                className="min-w-0 flex-[1_1_12rem]"
              />
            )}
            {!isAdmin && (
              <label className="flex h-10 items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={showAll}
                  onChange={(event) =>
                    setFilters({ all: event.target.checked ? '1' : '', buyer: '' })
                  }
                  className="size-4 accent-(--color-primary)"
                />
                {t('orders.list.showAll')}
              </label>
            )}
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
            <Table aria-busy={ordersQuery.isPlaceholderData || undefined}>
              <TableHead>
                <tr>
                  <SortableHeader column="product" sort={table.sort} onSort={table.setSort}>
                    {t('orders.fields.product')}
                  </SortableHeader>
                  <TableHeader>{t('orders.fields.buyer')}</TableHeader>
                  <SortableHeader
                    column="quantity"
                    sort={table.sort}
                    onSort={table.setSort}
                    firstDirection="desc"
                  >
                    {t('orders.fields.quantity')}
                  </SortableHeader>
                  <SortableHeader
                    column="total"
                    sort={table.sort}
                    onSort={table.setSort}
                    firstDirection="desc"
                  >
                    {t('orders.fields.total')}
                  </SortableHeader>
                  <SortableHeader column="status" sort={table.sort} onSort={table.setSort}>
                    {t('orders.fields.status')}
                  </SortableHeader>
                  <SortableHeader
                    column="date"
                    sort={table.sort}
                    onSort={table.setSort}
                    firstDirection="desc"
                  >
                    {t('orders.fields.createdAt')}
                  </SortableHeader>
                  <TableHeader>
                    <span className="sr-only">{t('orders.list.actions')}</span>
                  </TableHeader>
                </tr>
              </TableHead>
              <TableBody>
                {rows.map((order) => {
                  const pending = order.status === 'pending';
                  const mine = me.data?.id === order.buyer.id;
                  return (
                    <TableRow key={order.id}>
                      {/* Two lines at most, so the row keeps room for the admin actions. */}
                      <TableCell
                        kind="title"
                        className="font-medium text-fg sm:max-w-64 sm:min-w-48"
                      >
                        <CellText title={order.productName}>{order.productName}</CellText>
                      </TableCell>
                      <TableCell label={t('orders.fields.buyer')}>
                        <CellText className="wrap-anywhere sm:max-w-36">
                          {order.buyer.username}
                        </CellText>
                      </TableCell>
                      <TableCell label={t('orders.fields.quantity')} className="tabular-nums">
                        {order.quantity}
                      </TableCell>
                      <TableCell label={t('orders.fields.total')} className="tabular-nums">
                        <bdi dir="ltr">{formatPrice(order.totalAmount)}</bdi>
                      </TableCell>
                      <TableCell label={t('orders.fields.status')}>
                        <OrderStatusBadge order={order} />
                      </TableCell>
                      {/* Wraps onto two lines so the row keeps room for the admin actions. */}
                      <TableCell label={t('orders.fields.createdAt')} className="text-muted">
                        <span className="min-w-28 whitespace-normal sm:block">
                          {date(order.createdAt)}
                        </span>
                      </TableCell>
                      {/* One line from `sm`: the name, the buyer and the date wrap instead. */}
                      <TableCell kind="actions">
                        <span className="flex justify-end gap-1 max-sm:flex-wrap">
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => setDialog({ kind: 'details', order })}
                            aria-label={t('orders.list.view', { name: order.productName })}
                            title={t('orders.list.view', { name: order.productName })}
                          >
                            <Eye aria-hidden className="size-4" />
                          </Button>
                          {isAdmin && pending && (
                            <>
                              {/* A backorder is filled by the keys imported into its product
                                  (its status says "Backordered"): the server refuses keys sent
                                  by hand for it, so only Reject is offered. */}
                              {!order.backordered && (
                                <Button
                                  size="sm"
                                  onClick={() => setDialog({ kind: 'send', order })}
                                >
                                  <KeyRound aria-hidden className="size-4" />
                                  {t('orders.sendKeys.open')}
                                </Button>
                              )}
                              {/* An icon, so the row fits beside the wider send-keys button. */}
                              <Button
                                size="icon"
                                variant="ghost"
                                onClick={() => setDialog({ kind: 'reject', order })}
                                aria-label={t('orders.reject.openFor', { name: order.productName })}
                                title={t('orders.reject.openFor', { name: order.productName })}
                              >
                                <Ban aria-hidden className="size-4 text-danger" />
                              </Button>
                            </>
                          )}
                          {!isAdmin && pending && mine && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setDialog({ kind: 'cancel', order })}
                            >
                              <X aria-hidden className="size-4" />
                              {t('orders.cancel.open')}
                            </Button>
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
      <RejectOrderDialog
        order={dialog?.kind === 'reject' || dialog?.kind === 'cancel' ? dialog.order : null}
        mode={dialog?.kind === 'cancel' ? 'cancel' : 'reject'}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
