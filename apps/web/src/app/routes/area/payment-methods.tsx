import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PaymentMethodsScreen } from '@/features/topups/components/payment-methods-screen';

/** The top-up methods the reader offers (DESIGN.md §13). */
export function PaymentMethodsRoute({ role }: { role: Role }) {
  useTranslation('topups', { useSuspense: true });
  return <PaymentMethodsScreen role={role} />;
}
