import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-changes';

describe('fieldChanges', () => {
  it('lines up every field of before and after, marking those that differ', () => {
    expect(
      fieldChanges(
        { status: 'active', balanceCents: '0', email: 'a@x.test' },
        { status: 'banned', balanceCents: '0', banReason: 'Fraud' },
      ),
    ).toEqual([
      { field: 'status', before: 'active', after: 'banned', changed: true },
      { field: 'balanceCents', before: '0', after: '0', changed: false },
      { field: 'email', before: 'a@x.test', after: undefined, changed: true },
      { field: 'banReason', before: undefined, after: 'Fraud', changed: true },
    ]);
  });

  it('shows nested values as JSON, a bare value as one field, and nothing for two nulls', () => {
    expect(fieldChanges(null, { prices: [1, 2] })).toEqual([
      { field: 'prices', before: undefined, after: '[1,2]', changed: true },
    ]);
    expect(fieldChanges(10, 12)).toEqual([
      { field: 'value', before: '10', after: '12', changed: true },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
  });
});
