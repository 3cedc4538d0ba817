import { Ban, Eye, KeyRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import { orderStatusSchema, orderStatuses, type Order } from '@keymarket/contracts/orders';
import type { Role } from '@keymarket/contracts/users';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { SearchInput } from '@/components/ui/search-input';
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
import { useSearchTerm } from '@/lib/use-debounced';
import { useLinkedParam } from '@/lib/use-linked-search';
import { useOrders } from '../api/get-orders';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderStatsCards } from './order-stats';
import { OrderStatusBadge } from './order-status-badge';
import { RejectOrderDialog } from './reject-order-dialog';
import { SendKeysDialog } from './send-keys-dialog';

type Dialogs =
  | { kind: 'details'; order: Order }
  | { kind: 'send'; order: Order }
  | { kind: 'reject'; order: Order }
  | { kind: 'cancel'; order: Order }
  | null;

/** Orders of the caller (and, on request, of its downline), with the admin's delivery tools. */
export function OrdersScreen({ role }: { role: Role }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const [page, setPage] = useState(1);
  // `?status=pending` is where the profit dialog sends a user whose own orders block it.
  const [linkedStatus, setStatus] = useLinkedParam('status', () => setPage(1));
  const status = orderStatusSchema.safeParse(linkedStatus).data ?? '';
  const [showAll, setShowAll] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const [dialog, setDialog] = useState<Dialogs>(null);

  const ordersQuery = useOrders({
    page,
    limit: DEFAULT_LIMIT,
    showAll,
    status: status || undefined,
    search: search || undefined,
  });
  const isAdmin = role === 'admin';
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <div className="flex flex-col gap-6">
      {ordersQuery.isSuccess && (
        <OrderStatsCards stats={ordersQuery.data.stats} ownOrders={!isAdmin && !showAll} />
      )}
      <Card title={t('orders.list.title')}>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <SearchInput
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
            placeholder={t('orders.list.searchPlaceholder')}
            aria-label={t('orders.list.search')}
            className="min-w-48 flex-1"
          />
          <FilterSelect
            label={t('orders.list.statusFilter')}
            allLabel={t('orders.list.allStatuses')}
            value={status}
            options={orderStatuses}
            optionLabel={(option) => t(`orders.status.${option}`)}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            className="min-w-40"
          />
          {!isAdmin && (
            <label className="flex h-10 items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                checked={showAll}
                onChange={(event) => {
                  setShowAll(event.target.checked);
                  setPage(1);
                }}
                className="size-4 accent-(--color-primary)"
              />
              {t('orders.list.showAll')}
            </label>
          )}
        </div>

        <PagedList
          query={ordersQuery}
          page={page}
          onPageChange={setPage}
          empty={t('messages.noResultsFound')}
        >
          {(rows) => (
            <Table aria-busy={ordersQuery.isPlaceholderData || undefined}>
              <TableHead>
                <tr>
                  <TableHeader>{t('orders.fields.product')}</TableHeader>
                  <TableHeader>{t('orders.fields.buyer')}</TableHeader>
                  <TableHeader>{t('orders.fields.quantity')}</TableHeader>
                  <TableHeader>{t('orders.fields.total')}</TableHeader>
                  <TableHeader>{t('orders.fields.status')}</TableHeader>
                  <TableHeader>{t('orders.fields.createdAt')}</TableHeader>
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
                        <OrderStatusBadge status={order.status} />
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
                              <Button size="sm" onClick={() => setDialog({ kind: 'send', order })}>
                                <KeyRound aria-hidden className="size-4" />
                                {t('orders.sendKeys.open')}
                              </Button>
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
        order={dialog?.kind === 'details' ? dialog.order : null}
        onClose={() => setDialog(null)}
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
