import type { Sort } from '@keymarket/contracts/pagination';
import { KeyRound, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/components/catalogue-image';
import { ProductBadges } from '@/components/product-badges';
import { Button } from '@/components/ui/button';
import { SortableHeader } from '@/components/ui/sortable-header';
import { CellText, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { useVirtualRows } from '@/lib/use-virtual-rows';
import { IconButton } from './icon-button';

// Wide rows have one fixed height: the virtualiser knows every offset without measuring 10,000
// rows. On a phone a row is a card (the whole name, then one line per figure), measured: 300 is
// the first guess.
const ROW_HEIGHTS = { phone: 300, wide: 88 };
const COLUMN_COUNT = 7;

export type ProductAction = 'keys' | 'edit' | 'delete' | 'restore';

/** The columns the products table sorts by (in the page: the whole catalogue is loaded). */
export const productSortColumns = [
  'name',
  'category',
  'initialPrice',
  'managerPrice',
  'resellerPrice',
  'stock',
] as const;
export type ProductSortColumn = (typeof productSortColumns)[number];

type ProductTableProps = {
  products: Product[];
  sort: Sort<ProductSortColumn> | undefined;
  onSort: (sort: Sort<ProductSortColumn>) => void;
  /** The deleted view offers Restore instead of the editing actions. */
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
};

/**
 * The admin's products as a real table whose body holds only the rows in view: spacer rows
 * above and below stand for the others, so 10,000 products scroll like ten while the header,
 * the columns and the screen-reader table semantics stay those of a table.
 */
export function ProductTable({ products, sort, onSort, deletedView, onAction }: ProductTableProps) {
  const { t } = useTranslation('catalogue');
  const { listRef, rows, rowHeight, measureRow, paddingTop, paddingBottom } =
    useVirtualRows<HTMLDivElement>(products.length, ROW_HEIGHTS);

  // The list scrolls with the page. Fixed columns from `sm`: the name takes what the figures
  // leave, so the actions stay in view on a laptop beside the sidebar; between `sm` and `lg` the
  // table scrolls sideways (and its header cannot stick there). Below `sm`, cards.
  return (
    <div
      ref={listRef}
      role="region"
      aria-label={t('products.listLabel')}
      className="rounded-xl border border-border bg-surface shadow-card sm:max-lg:overflow-x-auto"
    >
      <table
        className="w-full border-collapse text-sm max-sm:block sm:min-w-[58rem] sm:table-fixed"
        aria-rowcount={products.length + 1}
      >
        <colgroup>
          <col />
          <col className="w-40" />
          <col className="w-24" />
          <col className="w-24" />
          <col className="w-24" />
          <col className="w-20" />
          <col className="w-36" />
        </colgroup>
        <thead className="z-10 bg-surface text-muted shadow-[inset_0_-1px_0_var(--color-border)] max-sm:sr-only lg:sticky lg:top-16">
          <tr aria-rowindex={1}>
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
        </thead>
        <tbody className="max-sm:block">
          {paddingTop > 0 && <SpacerRow height={paddingTop} />}
          {rows.map((row) => (
            <ProductRow
              key={products[row.index]!.id}
              product={products[row.index]!}
              rowIndex={row.index + 2}
              height={rowHeight}
              measureRow={measureRow}
              dataIndex={row.index}
              deletedView={deletedView}
              onAction={onAction}
            />
          ))}
          {paddingBottom > 0 && <SpacerRow height={paddingBottom} />}
        </tbody>
      </table>
    </div>
  );
}

function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden style={{ height }} className="max-sm:block">
      <td colSpan={COLUMN_COUNT} className="p-0" />
    </tr>
  );
}

type ProductRowProps = {
  product: Product;
  rowIndex: number;
  /** Wide rows' fixed height; undefined on a phone, where `measureRow` measures the card. */
  height: number | undefined;
  measureRow: ((row: HTMLTableRowElement | null) => void) | undefined;
  dataIndex: number;
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
};

/** Memoised: while scrolling, the rows still in view keep their DOM and skip rendering. */
const ProductRow = memo(function ProductRow({
  product,
  rowIndex,
  height,
  measureRow,
  dataIndex,
  deletedView,
  onAction,
}: ProductRowProps) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('catalogue');
  const category = localisedName(product.category, i18n.language);
  const subcategory = product.subcategory
    ? localisedName(product.subcategory, i18n.language)
    : null;
  const price = (usd: number | undefined) => (
    <bdi dir="ltr">{usd === undefined ? '—' : formatPrice(usd)}</bdi>
  );

  return (
    <TableRow
      aria-rowindex={rowIndex}
      ref={measureRow}
      data-index={dataIndex}
      className="border-b border-border"
      style={{ height }}
    >
      <TableCell kind="title">
        <span className="flex items-center gap-3">
          <CatalogueImage src={product.imageUrl} className="size-10" />
          <span className="flex min-w-0 flex-col gap-0.5">
            {/* Two lines at most in the fixed-height wide rows; whole on a phone's card. */}
            <CellText className="font-medium text-fg sm:line-clamp-2" title={product.name}>
              {product.name}
            </CellText>
            {deletedView && product.deletedAt ? (
              <span className="truncate text-xs text-danger">
                {t('products.deletedOn', {
                  date: formatDateTime(product.deletedAt, i18n.language),
                })}
              </span>
            ) : (
              // One line at most: a wrapped row would be taller than the virtualiser counts.
              <span className="block h-5 overflow-hidden">
                <ProductBadges badges={product.badges} />
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
});
