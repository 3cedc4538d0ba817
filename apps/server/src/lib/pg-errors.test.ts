import { describe, expect, it } from 'vitest';
import {
  causeChain,
  isConnectionLoss,
  isUniqueViolation,
  pgConstraint,
  pgErrorCode,
  refusalOf,
} from './pg-errors';

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

describe('the other lookups along the cause chain', () => {
  const wrapped = (error: Error) =>
    new Error('rollback failed', { cause: new Error('query failed', { cause: error }) });

  it('find the constraint and the refusal however deep the driver error is', () => {
    const unique = Object.assign(withCode('23505'), { constraint: 'users_email_unique' });
    expect(pgConstraint(unique)).toBe('users_email_unique');
    expect(pgConstraint(wrapped(unique))).toBe('users_email_unique');
    const refused = Object.assign(new Error('out_of_stock'), { code: 'KM001' });
    expect(refusalOf(wrapped(refused))).toBe('out_of_stock');
    expect(refusalOf(wrapped(withCode('23505')))).toBeUndefined();
    expect(pgConstraint(new Error('plain'))).toBeUndefined();
  });

  it('stops on a cause chain that loops', () => {
    const looped: Error & { cause?: unknown } = new Error('a');
    looped.cause = looped;
    expect([...causeChain(looped)].length).toBeLessThan(10);
    expect(pgErrorCode(looped)).toBeUndefined();
  });
});

describe('isConnectionLoss', () => {
  const wrapped = (error: Error) =>
    new Error('rollback failed', { cause: new Error('query failed', { cause: error }) });

  it('knows a failover however it reaches the driver', () => {
    // A primary killed or demoted, a standby answering a write, a socket cut under a query.
    for (const code of ['ECONNRESET', 'ECONNREFUSED', '57P01', '57P02', '57P03', '25006']) {
      expect(isConnectionLoss(wrapped(withCode(code))), code).toBe(true);
    }
    for (const code of ['08000', '08003', '08006', '08P01']) {
      expect(isConnectionLoss(withCode(code)), code).toBe(true);
    }
    expect(isConnectionLoss(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionLoss(new Error('terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('leaves bugs and refusals alone', () => {
    for (const code of ['23505', '40001', '42702', '22P02', '53100', 'KM001']) {
      expect(isConnectionLoss(wrapped(withCode(code))), code).toBe(false);
    }
    expect(isConnectionLoss(new Error('column "email" is ambiguous'))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
