import { clsx } from 'clsx';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { Button } from '@/components/ui/button';
import { localisedName } from '@/lib/localised-name';
import { useVirtualRows } from '@/lib/use-virtual-rows';
import { formatUsd } from '@/lib/usd-input';

// Wide rows have one fixed height, so the virtualiser knows every offset without measuring
// 10,000 rows: two lines of name and the category. A phone's cards are measured (the whole
// name, the prices under it): 128 is the first guess.
const ROW_HEIGHTS = { phone: 128, wide: 72 };

type PriceTableProps = {
  products: Product[];
  isAdmin: boolean;
  /** The chosen products by id, kept across filters. */
  selected: ReadonlyMap<string, Product>;
  onSelectedChange: (selected: Map<string, Product>) => void;
  /** Translated problems of the last refused bulk update, by product id. */
  refusals: ReadonlyMap<string, string>;
  onEdit: (product: Product) => void;
};

/** A price column: the admin sees the platform's prices, a seller its buying and selling price. */
type PriceColumn = {
  key: string;
  label: string;
  value: (product: Product) => number | undefined;
  /** The price this screen cannot change, shown as a reference. */
  muted?: boolean;
  /** A word under the price: where a seller's selling price comes from (hand-set, rule…). */
  note?: (product: Product) => string | undefined;
};

const cellPadding = 'sm:px-3 sm:first:ps-4 sm:last:pe-4';
const cellClass = `${cellPadding} whitespace-nowrap`;

function HeaderCell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={clsx(
        cellPadding,
        'h-10 text-start text-xs font-medium tracking-wide whitespace-nowrap uppercase',
        className,
      )}
    >
      {children}
    </th>
  );
}

function Price({ usd, label, note }: { usd: number | undefined; label: string; note?: string }) {
  return (
    <>
      <span className="tabular-nums">
        <span className="max-sm:hidden sm:sr-only">{label} </span>
        <bdi dir="ltr">{usd === undefined ? '—' : formatUsd(usd)}</bdi>
      </span>
      {note && <span className="block text-xs font-normal text-muted">{note}</span>}
    </>
  );
}

/** The header checkbox: checked when every listed row is selected, mixed when only some are. */
function SelectAllCheckbox({
  products,
  selected,
  onSelectedChange,
}: Pick<PriceTableProps, 'products' | 'selected' | 'onSelectedChange'>) {
  const { t } = useTranslation('pricing');
  const ref = useRef<HTMLInputElement>(null);
  const chosen = products.filter((product) => selected.has(product.id)).length;
  const all = products.length > 0 && chosen === products.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  function toggle() {
    const next = new Map(selected);
    for (const product of products) {
      if (all) next.delete(product.id);
      else next.set(product.id, product);
    }
    onSelectedChange(next);
  }

  return (
    <input
      ref={ref}
      type="checkbox"
      checked={all}
      onChange={toggle}
      disabled={products.length === 0}
      aria-label={t('table.selectAll', { count: products.length })}
      className="size-4 accent-(--color-primary)"
    />
  );
}

/**
 * The products with their prices and a checkbox each. A real table, of which only the rows in
 * view (plus a few) are in the page: spacer rows above and below stand for the others, so
 * 10,000 products scroll like ten and the header stays a header.
 */
export function PriceTable({
  products,
  isAdmin,
  selected,
  onSelectedChange,
  refusals,
  onEdit,
}: PriceTableProps) {
  const { t, i18n } = useTranslation('pricing');
  const { t: tRules } = useTranslation('priceRules');
  const { listRef, rows, rowHeight, measureRow, paddingTop, paddingBottom } =
    useVirtualRows<HTMLDivElement>(products.length, ROW_HEIGHTS);

  function toggle(product: Product) {
    const next = new Map(selected);
    if (next.has(product.id)) next.delete(product.id);
    else next.set(product.id, product);
    onSelectedChange(next);
  }

  const priceColumns: PriceColumn[] = isAdmin
    ? [
        {
          key: 'initial',
          label: t('table.initialPrice'),
          value: (p) => p.initialPrice,
          muted: true,
        },
        { key: 'manager', label: t('table.managerPrice'), value: (p) => p.managerPrice },
        { key: 'reseller', label: t('table.resellerPrice'), value: (p) => p.resellerPrice },
      ]
    : [
        { key: 'buying', label: t('table.buyingPrice'), value: (p) => p.price, muted: true },
        {
          key: 'selling',
          label: t('table.sellingPrice'),
          value: (p) => p.sellingPrice,
          note: (p) => p.sellingPriceSource && tRules(`source.${p.sellingPriceSource}`),
        },
      ];

  // The list scrolls with the page; its header sticks under the top bar. On a phone (below
  // `sm`) each row is a card: the checkbox, the name and the edit button on top, the prices
  // with their labels under them, and the header row is left to screen readers.
  return (
    <div
      ref={listRef}
      role="region"
      aria-label={t('table.label', { count: products.length })}
      className="relative rounded-xl border border-border bg-surface shadow-card"
    >
      <table className="w-full border-collapse text-sm max-sm:block">
        <thead className="sticky top-16 z-10 border-b border-border bg-surface-2 text-muted max-sm:sr-only">
          <tr>
            <HeaderCell className="w-10">
              <SelectAllCheckbox
                products={products}
                selected={selected}
                onSelectedChange={onSelectedChange}
              />
            </HeaderCell>
            <HeaderCell>{t('table.product')}</HeaderCell>
            {priceColumns.map((column) => (
              <HeaderCell key={column.key} className="text-end">
                {column.label}
              </HeaderCell>
            ))}
            <HeaderCell className="w-12">
              <span className="sr-only">{t('table.actions')}</span>
            </HeaderCell>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {paddingTop > 0 && (
            <tr aria-hidden style={{ height: paddingTop }} className="max-sm:block" />
          )}
          {rows.map((row) => {
            const product = products[row.index]!;
            const refusal = refusals.get(product.id);
            const category = [product.category, product.subcategory]
              .filter((ref) => ref !== null)
              .map((ref) => localisedName(ref, i18n.language))
              .join(' / ');
            return (
              <tr
                key={product.id}
                ref={measureRow}
                data-index={row.index}
                style={{ height: rowHeight }}
                className={clsx(
                  'border-b border-border transition',
                  'max-sm:flex max-sm:flex-wrap max-sm:content-start max-sm:items-start max-sm:gap-y-2 max-sm:px-4 max-sm:py-3',
                  refusal ? 'bg-danger/10' : selected.has(product.id) && 'bg-primary/5',
                )}
              >
                <td className={clsx(cellClass, 'max-sm:order-1 max-sm:w-8 max-sm:pt-0.5')}>
                  <input
                    type="checkbox"
                    checked={selected.has(product.id)}
                    onChange={() => toggle(product)}
                    aria-label={t('table.select', { name: product.name })}
                    className="size-4 accent-(--color-primary)"
                  />
                </td>
                {/* The name takes the line between the checkbox and the edit button. */}
                <td
                  className={clsx(
                    cellPadding,
                    'w-full max-w-0 max-sm:order-2 max-sm:max-w-none max-sm:basis-[calc(100%-4.5rem)]',
                  )}
                >
                  <div className="flex min-w-28 flex-col sm:min-w-40">
                    <span
                      dir="auto"
                      className="font-medium break-words text-fg sm:line-clamp-2"
                      title={product.name}
                    >
                      {product.name}
                    </span>
                    {refusal ? (
                      <span className="truncate text-xs font-medium text-danger" title={refusal}>
                        {refusal}
                      </span>
                    ) : (
                      <span dir="auto" className="truncate text-xs text-muted">
                        {category}
                      </span>
                    )}
                  </div>
                </td>
                {priceColumns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.label}
                    className={clsx(
                      cellClass,
                      'text-end max-sm:order-4 max-sm:flex-1 max-sm:text-start',
                      'max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-muted max-sm:before:content-[attr(data-label)]',
                      column.muted ? 'text-muted' : 'font-medium text-fg',
                    )}
                  >
                    <Price
                      usd={column.value(product)}
                      label={column.label}
                      note={column.note?.(product)}
                    />
                  </td>
                ))}
                <td className={clsx(cellClass, 'max-sm:order-3 max-sm:-mt-2 max-sm:ms-auto')}>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onEdit(product)}
                    aria-label={t('table.edit', { name: product.name })}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden style={{ height: paddingBottom }} className="max-sm:block" />
          )}
        </tbody>
      </table>
    </div>
  );
}
