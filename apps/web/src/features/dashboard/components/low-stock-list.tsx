import { useTranslation } from 'react-i18next';
import type { AdminDashboardStats } from '@keymarket/contracts/analytics';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format-number';

type LowStockProduct = AdminDashboardStats['lowStockProducts'][number];

/** What to restock first: products at or under their threshold, lowest first (server order). */
export function LowStockList({ products }: { products: readonly LowStockProduct[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Card title={t('lowStock.title')} description={t('lowStock.description')}>
      {products.length === 0 ? (
        <p className="text-sm text-muted">{t('lowStock.empty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {products.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2.5">
              <span className="min-w-0 truncate text-sm font-medium text-fg">{product.name}</span>
              <Badge tone={product.stock === 0 ? 'danger' : 'warning'}>
                {product.stock === 0
                  ? t('lowStock.out')
                  : t('lowStock.left', {
                      stock: formatCount(product.stock, i18n.language),
                      threshold: formatCount(product.threshold, i18n.language),
                    })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
