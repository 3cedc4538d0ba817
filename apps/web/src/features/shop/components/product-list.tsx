import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/entities/products/components/catalogue-image';
import { ProductBadges } from '@/entities/products/components/product-badges';
import { Button } from '@/components/ui/button';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { useVirtualRows } from '@/lib/use-virtual-rows';

// Wide rows have one fixed height, so the virtualiser knows every offset without measuring
// 10,000 rows: room for two lines of name, the category and the badges. A phone's rows are
// measured (the whole name wraps; the stock, the prices and the button go on a line of their
// own under it): 176 is the first guess.
const ROW_HEIGHTS = { phone: 176, wide: 112 };

type ProductListProps = {
  products: Product[];
  onBuy: (product: Product) => void;
};

/**
 * The catalogue as one list that scrolls with the page: only the rows in view (plus a few) are
 * in the DOM, so 10,000 products scroll as smoothly as ten.
 */
export function ProductList({ products, onBuy }: ProductListProps) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const { listRef, rows, rowHeight, measureRow, paddingTop, paddingBottom } =
    useVirtualRows<HTMLDivElement>(products.length, ROW_HEIGHTS);

  return (
    <div
      ref={listRef}
      aria-label={t('shop.listLabel', { count: products.length })}
      role="region"
      className="rounded-xl border border-border bg-surface shadow-card"
    >
      <ul style={{ paddingTop, paddingBottom }}>
        {rows.map((row) => {
          const product = products[row.index]!;
          // A product taking backorders is bought beyond its keys: the order waits for them.
          const soldOut = product.stockQuantity <= 0 && !product.allowBackorder;
          const category = [product.category, product.subcategory]
            .filter((ref) => ref !== null)
            .map((ref) => localisedName(ref, i18n.language))
            .join(' / ');
          return (
            <li
              key={product.id}
              ref={measureRow}
              data-index={row.index}
              aria-setsize={products.length}
              aria-posinset={row.index + 1}
              className="flex flex-wrap content-center items-center gap-x-4 gap-y-2 border-b border-border px-4 py-3 sm:flex-nowrap sm:overflow-hidden sm:px-5 sm:py-0"
              style={{ height: rowHeight }}
            >
              <CatalogueImage src={product.imageUrl} className="size-12 sm:size-14" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                {/* `auto`: a Latin name in Arabic is laid out (and, if ever cut, cut) from its
                    own beginning. */}
                <span
                  dir="auto"
                  className="font-medium break-words text-fg sm:line-clamp-2"
                  title={product.name}
                >
                  {product.name}
                </span>
                <span dir="auto" className="truncate text-xs text-muted">
                  {category}
                </span>
                <ProductBadges badges={product.badges} />
              </div>
              {/* On a phone a line of its own: the figures at the start, the price over the
                  button at the end. */}
              <div className="flex basis-full items-center justify-between gap-4 sm:contents">
                <dl className="grid min-w-0 grid-cols-[auto_auto] gap-x-3 text-sm sm:shrink-0">
                  <dt className="text-muted">{t('shop.stock')}</dt>
                  <dd className="text-end tabular-nums">{product.stockQuantity}</dd>
                  {product.sellingPrice !== undefined && (
                    <>
                      <dt className="text-muted">{t('shop.sellingPrice')}</dt>
                      <dd className="text-end tabular-nums">
                        <bdi dir="ltr">{formatPrice(product.sellingPrice)}</bdi>
                      </dd>
                    </>
                  )}
                </dl>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-lg font-semibold text-fg tabular-nums">
                    <span className="sr-only">{t('shop.price')} </span>
                    <bdi dir="ltr">{formatPrice(product.price)}</bdi>
                  </span>
                  <Button
                    size="sm"
                    disabled={soldOut}
                    onClick={() => onBuy(product)}
                    aria-label={t('shop.buyProduct', { name: product.name })}
                  >
                    <ShoppingCart aria-hidden className="size-4" />
                    {soldOut ? t('shop.soldOut') : t('shop.buy')}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
