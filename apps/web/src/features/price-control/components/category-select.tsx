import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@keymarket/contracts/catalogue';
import { Select } from '@/components/ui/select';
import { localisedName } from '@/lib/localised-name';

type CategorySelectProps = Omit<ComponentProps<typeof Select>, 'children' | 'onChange'> & {
  categories: readonly Category[];
  /** The first option's text, for "every category" (value ''). */
  allLabel: string;
  onChange: (categoryId: string) => void;
};

/** A filter by category: every category in the reader's language, after an "all" choice. */
export function CategorySelect({ categories, allLabel, onChange, ...props }: CategorySelectProps) {
  const { i18n } = useTranslation();
  return (
    <Select {...props} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allLabel}</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {localisedName(category, i18n.language)}
        </option>
      ))}
    </Select>
  );
}
