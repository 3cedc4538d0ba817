import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { AdminTicketsScreen } from '@/features/tickets/components/admin-tickets-screen';
import { CreateTicketForm } from '@/features/tickets/components/create-ticket-form';
import { MyTicketsList } from '@/features/tickets/components/my-tickets-list';
import { useUnclosedTicket } from '@/features/tickets/api/get-my-tickets';

/** Managers and resellers open tickets and read the answers; administrators answer them all. */
export function TicketsRoute({ role }: { role: Role }) {
  const { t } = useTranslation('tickets', { useSuspense: true });
  if (role === 'admin') {
    return (
      <>
        <PageHeader title={t('title')} description={t('adminSubtitle')} />
        <AdminTicketsScreen />
      </>
    );
  }
  return <OwnTickets />;
}

function OwnTickets() {
  const { t } = useTranslation('tickets', { useSuspense: true });
  const unclosed = useUnclosedTicket();
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <div className="flex flex-col gap-6">
        <CreateTicketForm unclosedTicket={unclosed.data} />
        <MyTicketsList />
      </div>
    </>
  );
}
