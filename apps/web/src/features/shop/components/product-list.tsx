import { useVirtualizer } from '@tanstack/react-virtual';
import { ShoppingCart } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/components/catalogue-image';
import { ProductBadges } from '@/components/product-badges';
import { Button } from '@/components/ui/button';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';

// Rows have one fixed height so the virtualiser knows every offset without measuring 10,000 rows.
const ROW_HEIGHT = 88;

type ProductListProps = {
  products: Product[];
  onBuy: (product: Product) => void;
};

/**
 * The catalogue as one scrolling list: only the rows in view (plus a few) are in the DOM, so
 * 10,000 products scroll as smoothly as ten.
 */
export function ProductList({ products, onBuy }: ProductListProps) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the scroll element is measured, assume a screenful so the first paint has rows.
    initialRect: { width: 1024, height: 640 },
  });

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label={t('shop.listLabel', { count: products.length })}
      role="region"
      className="h-[max(24rem,calc(100dvh-22rem))] overflow-y-auto rounded-xl border border-border bg-surface shadow-card"
    >
      <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const product = products[row.index]!;
          const soldOut = product.stockQuantity <= 0;
          const category = [product.category, product.subcategory]
            .filter((ref) => ref !== null)
            .map((ref) => localisedName(ref, i18n.language))
            .join(' / ');
          return (
            <li
              key={product.id}
              aria-setsize={products.length}
              aria-posinset={row.index + 1}
              className="absolute inset-x-0 top-0 flex items-center gap-4 border-b border-border px-4 sm:px-5"
              style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            >
              <CatalogueImage src={product.imageUrl} className="size-14" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="truncate font-medium text-fg" title={product.name}>
                  {product.name}
                </span>
                <span className="truncate text-xs text-muted">{category}</span>
                <ProductBadges badges={product.badges} />
              </div>
              <dl className="hidden shrink-0 grid-cols-[auto_auto] gap-x-3 text-sm md:grid">
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
            </li>
          );
        })}
      </ul>
    </div>
  );
}
