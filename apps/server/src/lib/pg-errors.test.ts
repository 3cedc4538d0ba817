import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgErrorCode } from './pg-errors';

const withCode = (code: string) => Object.assign(new Error('driver error'), { code });

describe('pgErrorCode', () => {
  it('reads the code of a driver error, bare or wrapped any number of times', () => {
    expect(pgErrorCode(withCode('23505'))).toBe('23505');
    expect(pgErrorCode(new Error('query failed', { cause: withCode('23505') }))).toBe('23505');
    const twice = new Error('rollback failed', {
      cause: new Error('query failed', { cause: withCode('22P02') }),
    });
    expect(pgErrorCode(twice)).toBe('22P02');
    expect(
      isUniqueViolation(new Error('a', { cause: new Error('b', { cause: withCode('23505') }) })),
    ).toBe(true);
  });

  it('has no code for anything else', () => {
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('text')).toBeUndefined();
  });
});
