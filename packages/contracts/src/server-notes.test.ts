import { describe, expect, it } from 'vitest';
import { rejectedBySupplierNote, serverNoteOf, unitRefundedNote } from './server-notes';

describe('server notes', () => {
  it('recognises the texts the server writes, and nothing else', () => {
    expect(serverNoteOf(unitRefundedNote(3))).toEqual({ code: 'unitRefunded', keyNumber: 3 });
    expect(serverNoteOf('Key 3 of the order refunded')).toEqual({
      code: 'unitRefunded',
      keyNumber: 3,
    });
    expect(serverNoteOf(rejectedBySupplierNote)).toEqual({ code: 'rejectedBySupplier' });
    expect(serverNoteOf('For March')).toBeNull();
    expect(serverNoteOf('Key 3 of the order refunded, said the admin')).toBeNull();
    expect(serverNoteOf(null)).toBeNull();
  });
});
