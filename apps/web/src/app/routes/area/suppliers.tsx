import { useTranslation } from 'react-i18next';
import { SuppliersScreen } from '@/features/suppliers/components/suppliers-screen';

/** The admin's suppliers (DESIGN.md §14). */
export function SuppliersRoute() {
  useTranslation('suppliers', { useSuspense: true });
  return <SuppliersScreen />;
}
