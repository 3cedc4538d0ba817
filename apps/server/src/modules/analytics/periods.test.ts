import { describe, expect, it } from 'vitest';
import { periodBuckets, rollupCutoff, startOfUtcDay, sumIntoBuckets, type Bucket } from './periods';

const at = (iso: string) => new Date(iso);
const days = (buckets: Bucket[]) =>
  buckets.map((b) => `${b.start.toISOString().slice(0, 10)}..${b.end.toISOString().slice(0, 10)}`);

describe('periodBuckets', () => {
  it('daily: the past 7 days including today, one UTC day each', () => {
    expect(days(periodBuckets('daily', at('2025-03-19T23:59:59.999Z')))).toEqual([
      '2025-03-13..2025-03-14',
      '2025-03-14..2025-03-15',
      '2025-03-15..2025-03-16',
      '2025-03-16..2025-03-17',
      '2025-03-17..2025-03-18',
      '2025-03-18..2025-03-19',
      '2025-03-19..2025-03-20',
    ]);
  });

  it('daily: crosses month and year ends', () => {
    expect(days(periodBuckets('daily', at('2025-01-02T00:00:00Z')))).toEqual([
      '2024-12-27..2024-12-28',
      '2024-12-28..2024-12-29',
      '2024-12-29..2024-12-30',
      '2024-12-30..2024-12-31',
      '2024-12-31..2025-01-01',
      '2025-01-01..2025-01-02',
      '2025-01-02..2025-01-03',
    ]);
  });

  it('daily: a leap day is a day like another', () => {
    expect(days(periodBuckets('daily', at('2024-03-01T12:00:00Z'))).slice(-3)).toEqual([
      '2024-02-28..2024-02-29',
      '2024-02-29..2024-03-01',
      '2024-03-01..2024-03-02',
    ]);
  });

  it('weekly: Monday-first weeks overlapping the month, clipped to it', () => {
    // March 2025 starts on a Saturday and ends on a Monday.
    expect(days(periodBuckets('weekly', at('2025-03-19T10:00:00Z')))).toEqual([
      '2025-03-01..2025-03-03',
      '2025-03-03..2025-03-10',
      '2025-03-10..2025-03-17',
      '2025-03-17..2025-03-24',
      '2025-03-24..2025-03-31',
      '2025-03-31..2025-04-01',
    ]);
  });

  it('weekly: a month starting on a Monday has whole weeks; February of a common year has 4', () => {
    expect(days(periodBuckets('weekly', at('2021-02-01T00:00:00Z')))).toEqual([
      '2021-02-01..2021-02-08',
      '2021-02-08..2021-02-15',
      '2021-02-15..2021-02-22',
      '2021-02-22..2021-03-01',
    ]);
  });

  it('weekly: a month starting on a Sunday begins with a one-day week', () => {
    const buckets = days(periodBuckets('weekly', at('2025-06-30T23:00:00Z')));
    expect(buckets[0]).toBe('2025-06-01..2025-06-02');
    expect(buckets.at(-1)).toBe('2025-06-30..2025-07-01');
  });

  it('weekly: the buckets tile the month without gap or overlap', () => {
    for (let month = 0; month < 24; month++) {
      const now = new Date(Date.UTC(2024, month, 15));
      const buckets = periodBuckets('weekly', now);
      expect(buckets[0]!.start).toEqual(new Date(Date.UTC(2024, month, 1)));
      expect(buckets.at(-1)!.end).toEqual(new Date(Date.UTC(2024, month + 1, 1)));
      for (let i = 1; i < buckets.length; i++) {
        expect(buckets[i]!.start).toEqual(buckets[i - 1]!.end);
        // Every bucket but the first starts on a Monday.
        expect(buckets[i]!.start.getUTCDay()).toBe(1);
      }
    }
  });

  it('monthly: January to December of the current year', () => {
    const buckets = periodBuckets('monthly', at('2024-07-04T08:00:00Z'));
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({
      start: at('2024-01-01T00:00:00Z'),
      end: at('2024-02-01T00:00:00Z'),
    });
    expect(buckets[1]!.end).toEqual(at('2024-03-01T00:00:00Z'));
    expect(buckets[11]).toEqual({
      start: at('2024-12-01T00:00:00Z'),
      end: at('2025-01-01T00:00:00Z'),
    });
  });
});

describe('sumIntoBuckets', () => {
  it('adds each day into the bucket holding it, zero elsewhere, and ignores days outside', () => {
    const buckets = periodBuckets('weekly', at('2025-03-19T10:00:00Z'));
    const sums = sumIntoBuckets(buckets, [
      { day: '2025-03-01', orders: 1, revenueCents: 100n },
      { day: '2025-03-02', orders: 2, revenueCents: 250n },
      { day: '2025-03-03', orders: 1, revenueCents: 1n },
      { day: '2025-03-03', orders: 3, revenueCents: 2n },
      { day: '2025-02-28', orders: 9, revenueCents: 999n },
      { day: '2025-04-01', orders: 9, revenueCents: 999n },
    ]);
    expect(sums.map((b) => [b.orders, b.revenueCents])).toEqual([
      [3, 350n],
      [4, 3n],
      [0, 0n],
      [0, 0n],
      [0, 0n],
      [0, 0n],
    ]);
  });
});

describe('rollupCutoff', () => {
  it('keeps yesterday and today live', () => {
    expect(rollupCutoff(at('2025-03-19T00:00:00.000Z'))).toEqual(at('2025-03-18T00:00:00Z'));
    expect(rollupCutoff(at('2025-03-19T23:59:59.999Z'))).toEqual(at('2025-03-18T00:00:00Z'));
    expect(startOfUtcDay(at('2025-01-01T00:30:00+01:00'))).toEqual(at('2024-12-31T00:00:00Z'));
  });
});
