import { useVirtualizer } from '@tanstack/react-virtual';
import { KeyRound, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/components/catalogue-image';
import { ProductBadges } from '@/components/product-badges';
import { Button } from '@/components/ui/button';
import { TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { IconButton } from './icon-button';

// One fixed row height: the virtualiser knows every offset without measuring 10,000 rows.
const ROW_HEIGHT = 64;
const COLUMN_COUNT = 7;

export type ProductAction = 'keys' | 'edit' | 'delete' | 'restore';

type ProductTableProps = {
  products: Product[];
  /** The deleted view offers Restore instead of the editing actions. */
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
};

/**
 * The admin's products as a real table whose body holds only the rows in view: spacer rows
 * above and below stand for the others, so 10,000 products scroll like ten while the header,
 * the columns and the screen-reader table semantics stay those of a table.
 */
export function ProductTable({ products, deletedView, onAction }: ProductTableProps) {
  const { t } = useTranslation('catalogue');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the scroll element is measured, assume a screenful so the first paint has rows.
    initialRect: { width: 1024, height: 640 },
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={t('products.listLabel')}
      className="h-[max(24rem,calc(100dvh-22rem))] overflow-auto rounded-xl border border-border bg-surface shadow-card"
    >
      {/* Fixed columns: the name takes what the figures leave, and truncates, so the actions
          stay in view on a laptop beside the sidebar; phones scroll the table sideways. */}
      <table
        className="w-full min-w-[58rem] table-fixed border-collapse text-sm"
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
        <thead className="sticky top-0 z-10 bg-surface text-muted shadow-[inset_0_-1px_0_var(--color-border)]">
          <tr aria-rowindex={1}>
            <TableHeader>{t('products.columns.product')}</TableHeader>
            <TableHeader>{t('products.columns.category')}</TableHeader>
            <TableHeader className="text-end">{t('products.columns.initialPrice')}</TableHeader>
            <TableHeader className="text-end">{t('products.columns.managerPrice')}</TableHeader>
            <TableHeader className="text-end">{t('products.columns.resellerPrice')}</TableHeader>
            <TableHeader className="text-end">{t('products.columns.stock')}</TableHeader>
            <TableHeader>
              <span className="sr-only">{t('products.columns.actions')}</span>
            </TableHeader>
          </tr>
        </thead>
        <tbody>
          {before > 0 && <SpacerRow height={before} />}
          {rows.map((row) => (
            <ProductRow
              key={products[row.index]!.id}
              product={products[row.index]!}
              rowIndex={row.index + 2}
              deletedView={deletedView}
              onAction={onAction}
            />
          ))}
          {after > 0 && <SpacerRow height={after} />}
        </tbody>
      </table>
    </div>
  );
}

function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={COLUMN_COUNT} className="p-0" />
    </tr>
  );
}

type ProductRowProps = {
  product: Product;
  rowIndex: number;
  deletedView: boolean;
  onAction: (action: ProductAction, product: Product) => void;
};

/** Memoised: while scrolling, the rows still in view keep their DOM and skip rendering. */
const ProductRow = memo(function ProductRow({
  product,
  rowIndex,
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
      className="border-b border-border"
      style={{ height: ROW_HEIGHT }}
    >
      <TableCell>
        <span className="flex items-center gap-3">
          <CatalogueImage src={product.imageUrl} className="size-10" />
          <span className="flex min-w-0 flex-col gap-0.5">
            {/* `auto`: a Latin name in the Arabic interface still truncates at its end. */}
            <span dir="auto" className="truncate font-medium text-fg" title={product.name}>
              {product.name}
            </span>
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
      <TableCell>
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-fg">{category}</span>
          {subcategory && <span className="truncate text-xs text-muted">{subcategory}</span>}
        </span>
      </TableCell>
      <TableCell className="text-end tabular-nums">{price(product.initialPrice)}</TableCell>
      <TableCell className="text-end tabular-nums">{price(product.managerPrice)}</TableCell>
      <TableCell className="text-end tabular-nums">{price(product.resellerPrice)}</TableCell>
      <TableCell
        className={`text-end tabular-nums ${product.stockQuantity === 0 ? 'text-danger' : ''}`}
      >
        {product.stockQuantity}
      </TableCell>
      <TableCell>
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
