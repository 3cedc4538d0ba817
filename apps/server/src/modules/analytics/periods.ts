import type { RevenuePeriod } from '@keymarket/contracts/analytics';

/**
 * The revenue chart's buckets, in UTC (ANALYTICS_TIME_ZONE). Every bucket starts and ends at a
 * UTC midnight, so per-day sums add up into any of them.
 */

const DAY_MS = 86_400_000;

export interface Bucket {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export function startOfUtcDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

export function addUtcDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day, the form PostgreSQL's `date` takes and gives. */
export function dayKey(day: Date): string {
  return day.toISOString().slice(0, 10);
}

export function dayFromKey(key: string): Date {
  return new Date(`${key}T00:00:00.000Z`);
}

/**
 * daily: the past 7 days including today. weekly: the weeks (Monday first) that overlap the
 * current month, clipped to it. monthly: January to December of the current year.
 */
export function periodBuckets(period: RevenuePeriod, now: Date): Bucket[] {
  const today = startOfUtcDay(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (period) {
    case 'daily':
      return Array.from({ length: 7 }, (_, i) => {
        const start = addUtcDays(today, i - 6);
        return { start, end: addUtcDays(start, 1) };
      });
    case 'weekly': {
      const monthEnd = new Date(Date.UTC(year, month + 1, 1));
      const buckets: Bucket[] = [];
      let start = new Date(Date.UTC(year, month, 1));
      while (start < monthEnd) {
        // getUTCDay: 0 is Sunday. Days until the next Monday: 1 from Sunday, 7 from Monday.
        const toMonday = (8 - start.getUTCDay()) % 7 || 7;
        const next = addUtcDays(start, toMonday);
        const end = next < monthEnd ? next : monthEnd;
        buckets.push({ start, end });
        start = end;
      }
      return buckets;
    }
    case 'monthly':
      return Array.from({ length: 12 }, (_, m) => ({
        start: new Date(Date.UTC(year, m, 1)),
        end: new Date(Date.UTC(year, m + 1, 1)),
      }));
  }
}

export interface DaySales {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  orders: number;
  revenueCents: bigint;
}

export interface BucketSales extends Bucket {
  orders: number;
  revenueCents: bigint;
}

/** Adds per-day sales into the buckets they fall in; days outside every bucket are ignored. */
export function sumIntoBuckets(
  buckets: readonly Bucket[],
  days: readonly DaySales[],
): BucketSales[] {
  const sums = buckets.map((bucket) => ({ ...bucket, orders: 0, revenueCents: 0n }));
  for (const row of days) {
    const day = dayFromKey(row.day);
    const bucket = sums.find((b) => b.start <= day && day < b.end);
    if (!bucket) continue;
    bucket.orders += row.orders;
    bucket.revenueCents += row.revenueCents;
  }
  return sums;
}

/**
 * Days before this one are rolled up; this day and later are read live. Yesterday stays live:
 * an order placed just before midnight may commit just after it, and a day is summed only once.
 */
export function rollupCutoff(now: Date): Date {
  return addUtcDays(startOfUtcDay(now), -1);
}
