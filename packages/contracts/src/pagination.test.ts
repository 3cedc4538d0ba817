import { describe, expect, it } from 'vitest';
import { sortParam, sortText } from './pagination';

describe('sortParam', () => {
  const sort = sortParam(['createdAt', 'total']);

  it('reads a column as ascending and a dash before it as descending', () => {
    expect(sort.parse('total')).toEqual({ by: 'total', direction: 'asc' });
    expect(sort.parse('-createdAt')).toEqual({ by: 'createdAt', direction: 'desc' });
  });

  it('refuses a column the list does not declare, naming the allowed ones', () => {
    const result = sort.safeParse('-password');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'sort must be one of: createdAt, -createdAt, total, -total',
    );
    expect(sort.safeParse('--total').success).toBe(false);
  });

  it('writes back the text it reads', () => {
    for (const text of ['total', '-total']) expect(sortText(sort.parse(text))).toBe(text);
  });
});
