import { useTranslation } from 'react-i18next';
import type { Badge as ProductBadge } from '@keymarket/contracts/catalogue';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<ProductBadge, BadgeTone> = {
  new: 'success',
  instant: 'neutral',
  request: 'warning',
  'out of stock': 'danger',
  backorder: 'warning',
};

// The API's badge texts are not valid key segments ('out of stock'), hence the explicit map.
const labelKey = {
  new: 'shop.badges.new',
  instant: 'shop.badges.instant',
  request: 'shop.badges.request',
  'out of stock': 'shop.badges.outOfStock',
  backorder: 'shop.badges.backorder',
} as const satisfies Record<ProductBadge, string>;

export function ProductBadges({ badges }: { badges: ProductBadge[] }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <Badge key={badge} tone={toneOf[badge]}>
          {t(labelKey[badge])}
        </Badge>
      ))}
    </span>
  );
}
