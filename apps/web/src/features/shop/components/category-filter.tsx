import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@keymarket/contracts/catalogue';
import { localisedName } from '@/lib/localised-name';

type Selection = { categoryId?: string; subcategoryId?: string };

type CategoryFilterProps = {
  categories: Category[];
  selection: Selection;
  onChange: (selection: Selection) => void;
};

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm whitespace-nowrap transition',
        pressed
          ? 'border-primary bg-primary text-primary-fg'
          : 'border-border bg-surface-2 text-fg hover:bg-border/60',
      )}
    >
      {children}
    </button>
  );
}

/** Category chips, then the chosen category's subcategory chips: two clicks to any shelf. */
export function CategoryFilter({ categories, selection, onChange }: CategoryFilterProps) {
  const { t, i18n } = useTranslation();
  const chosen = categories.find((category) => category.id === selection.categoryId);

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('shop.categories')} className="flex flex-wrap gap-2">
        <Chip pressed={!selection.categoryId} onClick={() => onChange({})}>
          {t('shop.allCategories')}
        </Chip>
        {categories.map((category) => (
          <Chip
            key={category.id}
            pressed={category.id === selection.categoryId}
            onClick={() => onChange({ categoryId: category.id })}
          >
            {localisedName(category, i18n.language)}
            <span className="text-xs opacity-70">{category.productCount}</span>
          </Chip>
        ))}
      </div>
      {chosen && chosen.subcategories.length > 0 && (
        <div
          role="group"
          aria-label={t('shop.subcategories')}
          className="flex flex-wrap gap-2 border-s-2 border-border ps-3"
        >
          <Chip
            pressed={!selection.subcategoryId}
            onClick={() => onChange({ categoryId: chosen.id })}
          >
            {t('shop.allSubcategories')}
          </Chip>
          {chosen.subcategories.map((subcategory) => (
            <Chip
              key={subcategory.id}
              pressed={subcategory.id === selection.subcategoryId}
              onClick={() => onChange({ categoryId: chosen.id, subcategoryId: subcategory.id })}
            >
              {localisedName(subcategory, i18n.language)}
            </Chip>
          ))}
        </div>
      )}
    </div>
  );
}
