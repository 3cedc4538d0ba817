import { describe, expect, it } from 'vitest';
import { pageQuerySchema, sortParam, sortText } from './pagination';

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

describe('page and limit', () => {
  it('reads decimal digits and fills what is missing', () => {
    expect(pageQuerySchema.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(pageQuerySchema.parse({ page: 2 })).toEqual({ page: 2, limit: 10 });
  });

  it('refuses what is a number only to JavaScript: hex, binary, exponents, spaces, signs', () => {
    for (const page of [
      '0x10',
      '0b11',
      '0o7',
      '1e1',
      ' 2',
      '2 ',
      '+2',
      '-1',
      '2.0',
      '',
      'Infinity',
    ]) {
      const result = pageQuerySchema.safeParse({ page });
      expect(result.success, page).toBe(false);
    }
  });

  it('names the rule a value breaks', () => {
    const message = (query: object) => pageQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ page: '0x10' })).toBe('Expected a whole number');
    expect(message({ page: '0' })).toMatch(/>=\s*1/);
    expect(message({ limit: '101' })).toMatch(/<=\s*100/);
  });
});
