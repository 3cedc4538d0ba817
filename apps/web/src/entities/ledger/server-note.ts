import { useTranslation } from 'react-i18next';
import { serverNoteOf } from '@keymarket/contracts/server-notes';

/**
 * A note as the reader should see it: one the server wrote (a refunded key, a supplier's
 * refusal) in the reader's language, anyone's own words as they are.
 */
export function useNoteText(): (note: string) => string {
  const { t } = useTranslation('money');
  return (note) => {
    const known = serverNoteOf(note);
    if (!known) return note;
    switch (known.code) {
      case 'unitRefunded':
        return t('statement.serverNotes.unitRefunded', { number: known.keyNumber });
      case 'rejectedBySupplier':
        return t('statement.serverNotes.rejectedBySupplier');
      case 'supplierRefusal':
        return t(`statement.serverNotes.supplierRefusal.${known.refusal}`);
    }
  };
}
