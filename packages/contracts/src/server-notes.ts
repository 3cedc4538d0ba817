/**
 * Texts the server itself writes where people's own words go (a ledger row's note, an order's
 * rejection reason): stored in English, as the API answers them, and recognised here so the web
 * app shows each in the reader's language. A writer of one of them builds it with these.
 */
export type ServerNote =
  | { code: 'unitRefunded'; keyNumber: number }
  | { code: 'rejectedBySupplier' }
  | { code: 'supplierRefusal'; refusal: SupplierRefusal };

/** A refunded unit's note: its key's number in the order, counted from 1. */
export const unitRefundedNote = (keyNumber: number) => `Key ${keyNumber} of the order refunded`;

/** A docked order its supplier refused: the buyer's reason and its refund's note. */
export const rejectedBySupplierNote = 'Rejected by the supplier: refunded in full';

/**
 * Why a supplier refused a docked order for good, as its buyer reads it: the order's rejection
 * reason and its refund's note (DESIGN.md §14; the supplier's own words stay with admins).
 */
export const supplierRefusalNotes = {
  outOfStock: 'Out of stock at the supplier: refunded in full',
  unpaid: 'The supplier could not be paid: refunded in full',
  priceRose: "The supplier's price rose above this order's price: refunded in full",
  unavailable: 'No longer available from the supplier: refunded in full',
  refused: 'The supplier refused the order: refunded in full',
} as const;
type SupplierRefusal = keyof typeof supplierRefusalNotes;

const refusalOfNote = new Map<string, SupplierRefusal>(
  Object.entries(supplierRefusalNotes).map(([refusal, text]) => [text, refusal as SupplierRefusal]),
);

/** The server's note `text` stands for, or null for anyone's own words. */
export function serverNoteOf(text: string | null | undefined): ServerNote | null {
  if (!text) return null;
  const unit = /^Key (\d+) of the order refunded$/.exec(text);
  if (unit) return { code: 'unitRefunded', keyNumber: Number(unit[1]) };
  if (text === rejectedBySupplierNote) return { code: 'rejectedBySupplier' };
  const refusal = refusalOfNote.get(text);
  if (refusal) return { code: 'supplierRefusal', refusal };
  return null;
}
