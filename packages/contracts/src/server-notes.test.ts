import { describe, expect, it } from 'vitest';
import {
  rejectedBySupplierNote,
  serverNoteOf,
  supplierRefusalNotes,
  unitRefundedNote,
} from './server-notes';

describe('server notes', () => {
  it('recognises the texts the server writes, and nothing else', () => {
    expect(serverNoteOf(unitRefundedNote(3))).toEqual({ code: 'unitRefunded', keyNumber: 3 });
    expect(serverNoteOf('Key 3 of the order refunded')).toEqual({
      code: 'unitRefunded',
      keyNumber: 3,
    });
    expect(serverNoteOf(rejectedBySupplierNote)).toEqual({ code: 'rejectedBySupplier' });
    expect(serverNoteOf(supplierRefusalNotes.outOfStock)).toEqual({
      code: 'supplierRefusal',
      refusal: 'outOfStock',
    });
    expect(serverNoteOf('Out of stock at the supplier: refunded in full')).toEqual({
      code: 'supplierRefusal',
      refusal: 'outOfStock',
    });
    expect(serverNoteOf('For March')).toBeNull();
    expect(serverNoteOf('Key 3 of the order refunded, said the admin')).toBeNull();
    expect(serverNoteOf(null)).toBeNull();
  });
});
