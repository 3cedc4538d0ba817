import type { Sort } from '@keymarket/contracts/pagination';
import type { Product, ProductSortColumn } from '@keymarket/contracts/catalogue';
import { KeyRound, Pencil, RotateCcw, Trash2, Truck } from 'lucide-react';
import type { DockedProductSource } from '@keymarket/contracts/upstreams';
import { useTranslation } from 'react-i18next';
import { CatalogueImage } from '@/entities/products/components/catalogue-image';
import { ProductBadges } from '@/entities/products/components/product-badges';
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
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { useDockedSources } from '../api/get-docked-sources';
import { IconButton } from './icon-button';

export type ProductAction = 'keys' | 'edit' | 'delete' | 'restore';

type ProductTableProps = {
  /** One page of products, in the server's order. */
  products: Product[];
  sort: Sort<ProductSortColumn> | undefined;
  onSort: (sort: Sort<ProductSortColumn>) => void;
  /** The deleted view offers Restore instead of the editing actions. */
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
  /** While the next page loads, the rows shown are the previous one's. */
  busy?: boolean;
};

/** The admin's products, a page at a time: a table from `sm` up, a card per product on phones. */
export function ProductTable({
  products,
  sort,
  onSort,
  deletedView,
  onAction,
  busy,
}: ProductTableProps) {
  const { t } = useTranslation('catalogue');
  // Where docked products come from; the list shows without it until it arrives.
  const sources = useDockedSources().data;
  return (
    <Table aria-label={t('products.listLabel')} aria-busy={busy || undefined}>
      <TableHead>
        <tr>
          <SortableHeader column="name" sort={sort} onSort={onSort}>
            {t('products.columns.product')}
          </SortableHeader>
          <SortableHeader column="category" sort={sort} onSort={onSort}>
            {t('products.columns.category')}
          </SortableHeader>
          {(['initialPrice', 'managerPrice', 'resellerPrice', 'stock'] as const).map((column) => (
            <SortableHeader
              key={column}
              column={column}
              sort={sort}
              onSort={onSort}
              firstDirection="desc"
              className="text-end"
            >
              {t(`products.columns.${column}`)}
            </SortableHeader>
          ))}
          <TableHeader>
            <span className="sr-only">{t('products.columns.actions')}</span>
          </TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            source={sources?.get(product.id)}
            deletedView={deletedView}
            onAction={onAction}
          />
        ))}
      </TableBody>
    </Table>
  );
}

type ProductRowProps = {
  product: Product;
  /** The supplier of a docked product. */
  source: DockedProductSource | undefined;
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
};

function ProductRow({ product, source, deletedView, onAction }: ProductRowProps) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('catalogue');
  // A docked product's source is worded as a docked order's (the area's texts).
  const { t: tArea } = useTranslation();
  const category = localisedName(product.category, i18n.language);
  const subcategory = product.subcategory
    ? localisedName(product.subcategory, i18n.language)
    : null;
  const price = (usd: number | undefined) => (
    <bdi dir="ltr">{usd === undefined ? '—' : formatPrice(usd)}</bdi>
  );

  return (
    <TableRow>
      <TableCell kind="title">
        <span className="flex items-center gap-3">
          <CatalogueImage src={product.imageUrl} className="size-10" />
          <span className="flex min-w-0 flex-col gap-0.5">
            <CellText
              className="font-medium text-fg sm:line-clamp-2 sm:max-w-72"
              title={product.name}
            >
              {product.name}
            </CellText>
            {deletedView && product.deletedAt ? (
              <span className="text-xs text-danger">
                {t('products.deletedOn', {
                  date: formatDateTime(product.deletedAt, i18n.language),
                })}
              </span>
            ) : (
              <ProductBadges badges={product.badges} />
            )}
            {source && (
              <span className="flex items-center gap-1 text-xs text-muted">
                <Truck aria-hidden className="size-3.5 shrink-0" />
                <span className="min-w-0">
                  {tArea('orders.source.from')} <bdi>{source.upstream.name}</bdi>
                  {source.pauseReason && (
                    <>
                      {' · '}
                      <span className="text-warning">
                        {tArea('orders.source.paused')}: <bdi dir="auto">{source.pauseReason}</bdi>
                      </span>
                    </>
                  )}
                </span>
              </span>
            )}
          </span>
        </span>
      </TableCell>
      <TableCell label={t('products.columns.category')}>
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-fg">{category}</span>
          {subcategory && <span className="truncate text-xs text-muted">{subcategory}</span>}
        </span>
      </TableCell>
      <TableCell label={t('products.columns.initialPrice')} className="text-end tabular-nums">
        {price(product.initialPrice)}
      </TableCell>
      <TableCell label={t('products.columns.managerPrice')} className="text-end tabular-nums">
        {price(product.managerPrice)}
      </TableCell>
      <TableCell label={t('products.columns.resellerPrice')} className="text-end tabular-nums">
        {price(product.resellerPrice)}
      </TableCell>
      <TableCell
        label={t('products.columns.stock')}
        className={`text-end tabular-nums ${product.stockQuantity === 0 ? 'text-danger' : ''}`}
      >
        {product.stockQuantity}
      </TableCell>
      <TableCell kind="actions">
        <span className="flex justify-end gap-1">
          {deletedView ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onAction('restore', product)}
              aria-label={t('products.restoreProduct', { name: product.name })}
            >
              <RotateCcw aria-hidden className="size-4" />
              {t('products.restore')}
            </Button>
          ) : (
            <>
              {product.deliveryType === 'instant' && (
                <IconButton
                  label={t('products.manageKeys', { name: product.name })}
                  onClick={() => onAction('keys', product)}
                >
                  <KeyRound aria-hidden className="size-4" />
                </IconButton>
              )}
              <IconButton
                label={t('products.edit', { name: product.name })}
                onClick={() => onAction('edit', product)}
              >
                <Pencil aria-hidden className="size-4" />
              </IconButton>
              <IconButton
                label={t('products.delete', { name: product.name })}
                onClick={() => onAction('delete', product)}
                danger
              >
                <Trash2 aria-hidden className="size-4" />
              </IconButton>
            </>
          )}
        </span>
      </TableCell>
    </TableRow>
  );
}
