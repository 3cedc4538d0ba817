import { Ban, Eye, KeyRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderSortColumn } from '@keymarket/contracts/orders';
import type { Sort } from '@keymarket/contracts/pagination';
import { Button } from '@/components/ui/button';
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
import { OrderSourceBadge, RetryPurchaseButton } from '@/entities/orders/components/order-source';
import { OrderStatusBadge } from '@/entities/orders/components/order-status-badge';
import { UserName } from '@/components/ui/user-name';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';

/** What a row's buttons open: the order's details, or (pending orders) an answer to it. */
export type OrderDialog = { kind: 'details' | 'send' | 'reject' | 'cancel'; order: Order };

type OrdersTableProps = {
  rows: Order[];
  /** The previous page is shown while the next loads. */
  busy: boolean;
  sort: Sort<OrderSortColumn> | undefined;
  onSort: (sort: Sort<OrderSortColumn> | undefined) => void;
  isAdmin: boolean;
  /** The signed-in user: a buyer may cancel its own pending order. */
  meId: string | undefined;
  onOpen: (dialog: OrderDialog) => void;
  /** The admin's selection of pending orders, answered together ("Reject selected"). */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (orders: Order[], selected: boolean) => void;
  };
};

/** An order an administrator may answer by hand: pending, and not bought from a supplier. */
export const answerable = (order: Order) => order.status === 'pending' && !order.upstream;

/** One page of orders: sortable columns, and each row's actions (view, send keys, reject, cancel). */
export function OrdersTable({
  rows,
  busy,
  sort,
  onSort,
  isAdmin,
  meId,
  onOpen,
  selection,
}: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const { t: tBulk } = useTranslation('fulfilment');
  const formatPrice = useFormatPrice();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const selectable = rows.filter(answerable);
  const allSelected =
    selectable.length > 0 && selectable.every((order) => selection?.selected.has(order.id));
  return (
    <Table aria-busy={busy || undefined}>
      <TableHead>
        <tr>
          {selection && (
            <TableHeader className="w-10 sm:pe-0">
              <input
                type="checkbox"
                checked={allSelected}
                disabled={selectable.length === 0}
                onChange={(event) => selection.onChange(selectable, event.target.checked)}
                aria-label={tBulk('select.all')}
                className="size-4 accent-(--color-primary)"
              />
            </TableHeader>
          )}
          <SortableHeader column="product" sort={sort} onSort={onSort}>
            {t('orders.fields.product')}
          </SortableHeader>
          <TableHeader>{t('orders.fields.buyer')}</TableHeader>
          {/* From 1536 px: below, the row has no room for it beside the pending row's actions
              (the order's details name the seller at every width). */}
          {isAdmin && (
            <TableHeader className="sm:max-2xl:hidden">{t('orders.fields.seller')}</TableHeader>
          )}
          <SortableHeader column="quantity" sort={sort} onSort={onSort} firstDirection="desc">
            {t('orders.fields.quantity')}
          </SortableHeader>
          <SortableHeader column="total" sort={sort} onSort={onSort} firstDirection="desc">
            {t('orders.fields.total')}
          </SortableHeader>
          <SortableHeader column="status" sort={sort} onSort={onSort}>
            {t('orders.fields.status')}
          </SortableHeader>
          <SortableHeader column="date" sort={sort} onSort={onSort} firstDirection="desc">
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
          const mine = meId === order.buyer.id;
          return (
            <TableRow key={order.id}>
              {selection && (
                <TableCell
                  kind="actions"
                  className="w-10 max-sm:order-first max-sm:justify-start sm:pe-0"
                >
                  {answerable(order) && (
                    <input
                      type="checkbox"
                      checked={selection.selected.has(order.id)}
                      onChange={(event) => selection.onChange([order], event.target.checked)}
                      aria-label={tBulk('select.one', { name: order.productName })}
                      className="size-4 accent-(--color-primary)"
                    />
                  )}
                </TableCell>
              )}
              {/* Two lines at most, so the row keeps room for the admin actions (and, at 1366 px,
                  the selection's checkbox beside them). */}
              <TableCell kind="title" className="font-medium text-fg sm:max-w-64 sm:min-w-36">
                <CellText title={order.productName}>{order.productName}</CellText>
                <OrderSourceBadge order={order} />
                {pending && order.upstream?.lastError && (
                  <CellText className="mt-0.5 block text-xs font-normal text-danger">
                    {order.upstream.lastError}
                  </CellText>
                )}
              </TableCell>
              <TableCell label={t('orders.fields.buyer')}>
                <UserName username={order.buyer.username} at={false} className="sm:max-w-32" />
              </TableCell>
              {/* Who sold: the buyer's upline whose price applied, else the platform. */}
              {isAdmin && (
                <TableCell label={t('orders.fields.seller')} className="sm:max-2xl:hidden">
                  {order.seller ? (
                    <UserName username={order.seller.username} at={false} className="sm:max-w-36" />
                  ) : (
                    <span className="text-muted">{t('orders.platformSeller')}</span>
                  )}
                </TableCell>
              )}
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
                <span className="min-w-28 whitespace-normal sm:block">{date(order.createdAt)}</span>
              </TableCell>
              {/* One line from `sm`: the name, the buyer and the date wrap instead. */}
              <TableCell kind="actions">
                <span className="flex justify-end gap-1 max-sm:flex-wrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onOpen({ kind: 'details', order })}
                    aria-label={t('orders.list.view', { name: order.productName })}
                    title={t('orders.list.view', { name: order.productName })}
                  >
                    <Eye aria-hidden className="size-4" />
                  </Button>
                  {/* A docked order settles by its purchase from the supplier: no keys are
                      sent and nothing is rejected by hand, its purchase is retried instead. */}
                  {isAdmin && pending && order.upstream && <RetryPurchaseButton order={order} />}
                  {isAdmin && pending && !order.upstream && (
                    <>
                      {/* A backorder is filled by the keys imported into its product
                          (its status says "Backordered"): the server refuses keys sent
                          by hand for it, so only Reject is offered. */}
                      {!order.backordered && (
                        <Button
                          size="sm"
                          onClick={() => onOpen({ kind: 'send', order })}
                          aria-label={t('orders.sendKeys.open')}
                        >
                          <KeyRound aria-hidden className="size-4" />
                          {/* "Keys" below 1536 px, where the row also holds the selection and
                              French's "Envoyer les clés" pushed Reject out of the table. */}
                          <span className="2xl:hidden">{t('orders.sendKeys.openShort')}</span>
                          <span className="hidden 2xl:inline">{t('orders.sendKeys.open')}</span>
                        </Button>
                      )}
                      {/* An icon, so the row fits beside the wider send-keys button. */}
                      <Button
                        size="icon"
                        variant="ghost"
                        onClick={() => onOpen({ kind: 'reject', order })}
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
                      onClick={() => onOpen({ kind: 'cancel', order })}
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
  );
}
