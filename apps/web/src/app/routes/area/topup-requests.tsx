import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { TopupRequestsScreen } from '@/features/topups/components/topup-requests-screen';

/** The top-up requests the reader decides (DESIGN.md §13). */
export function TopupRequestsRoute({ role }: { role: Role }) {
  useTranslation('topups', { useSuspense: true });
  return <TopupRequestsScreen role={role} />;
}
