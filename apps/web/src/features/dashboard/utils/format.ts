import type { RevenuePeriod } from '@keymarket/contracts/analytics';

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;
// Decimal units, as disk makers and Intl's "GB" mean them: 1 GB = 1000³ bytes.
const BYTES_PER_STEP = 1000;

/** A size in bytes as "1.2 GB", "1,2 Go", "١٫٢ غيغابايت"… in the reader's language. */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= BYTES_PER_STEP && unit < byteUnits.length - 1) {
    value /= BYTES_PER_STEP;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: byteUnits[unit],
    // "999 bytes" rather than the short form's "999 byte"; larger units read best abbreviated.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

type Bucket = { start: string; end: string };

// The end of a bucket is exclusive; its last instant names the last day it covers.
const lastInstantOf = (bucket: Bucket) => new Date(new Date(bucket.end).getTime() - 1);

type LabelOptions = { language: string; timeZone: string };

// Days are read in the chart's time zone (the server buckets days in it), so a reader east or
// west of it still sees the days the figures belong to.
const formatIn = (
  bucket: Bucket,
  { language, timeZone }: LabelOptions,
  format: Intl.DateTimeFormatOptions,
) => new Intl.DateTimeFormat(language, { timeZone, ...format });

/** A chart bucket's full name, for tooltips and the screen-reader table. */
export function bucketName(bucket: Bucket, period: RevenuePeriod, options: LabelOptions): string {
  const start = new Date(bucket.start);
  switch (period) {
    case 'daily':
      return formatIn(bucket, options, { weekday: 'long', day: 'numeric', month: 'long' }).format(
        start,
      );
    case 'weekly':
      return formatIn(bucket, options, { day: 'numeric', month: 'long' }).formatRange(
        start,
        lastInstantOf(bucket),
      );
    case 'monthly':
      return formatIn(bucket, options, { month: 'long', year: 'numeric' }).format(start);
  }
}

/**
 * A bucket's label under its bar, in two short lines that fit a phone's narrow bars: the day
 * and its weekday, the days of a week and their month, or the month alone.
 */
export function axisLabel(
  bucket: Bucket,
  period: RevenuePeriod,
  options: LabelOptions,
): { main: string; sub?: string } {
  const start = new Date(bucket.start);
  switch (period) {
    case 'daily':
      return {
        main: formatIn(bucket, options, { day: 'numeric' }).format(start),
        sub: formatIn(bucket, options, { weekday: 'short' }).format(start),
      };
    case 'weekly':
      return {
        main: formatIn(bucket, options, { day: 'numeric' }).formatRange(
          start,
          lastInstantOf(bucket),
        ),
        sub: formatIn(bucket, options, { month: 'short' }).format(start),
      };
    case 'monthly':
      return { main: formatIn(bucket, options, { month: 'short' }).format(start) };
  }
}
