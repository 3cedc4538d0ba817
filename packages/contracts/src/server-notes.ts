/**
 * Texts the server itself writes where people's own words go (a ledger row's note, an order's
 * rejection reason): stored in English, as the API answers them, and recognised here so the web
 * app shows each in the reader's language. A writer of one of them builds it with these.
 */
export type ServerNote =
  { code: 'unitRefunded'; keyNumber: number } | { code: 'rejectedBySupplier' };

/** A refunded unit's note: its key's number in the order, counted from 1. */
export const unitRefundedNote = (keyNumber: number) => `Key ${keyNumber} of the order refunded`;

/** A docked order its supplier refused: the buyer's reason and its refund's note. */
export const rejectedBySupplierNote = 'Rejected by the supplier: refunded in full';

/** The server's note `text` stands for, or null for anyone's own words. */
export function serverNoteOf(text: string | null | undefined): ServerNote | null {
  if (!text) return null;
  const unit = /^Key (\d+) of the order refunded$/.exec(text);
  if (unit) return { code: 'unitRefunded', keyNumber: Number(unit[1]) };
  if (text === rejectedBySupplierNote) return { code: 'rejectedBySupplier' };
  return null;
}
