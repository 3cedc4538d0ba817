import { describe, expect, it } from 'vitest';
import { formatShare } from '@/lib/format-number';
import { axisLabel, bucketName, formatBytes } from './format';

// Intl separates with narrow no-break and thin spaces; the tests compare the visible text.
const plain = (text: string) => text.replace(/\s/g, ' ');

const utc = { language: 'en', timeZone: 'UTC' };

describe('formatBytes', () => {
  it('picks the largest decimal unit that keeps the number at least 1', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(999, 'en')).toBe('999 bytes');
    expect(formatBytes(1_500, 'en')).toBe('1.5 kB');
    expect(formatBytes(52_400_000, 'en')).toBe('52 MB');
    expect(formatBytes(250_000_000_000, 'en')).toBe('250 GB');
  });

  it('writes the size the reader’s way', () => {
    expect(plain(formatBytes(1_500_000_000, 'fr'))).toBe('1,5 Go');
  });
});

describe('formatShare', () => {
  it('rounds to one decimal', () => {
    expect(formatShare(1 / 3, 'en')).toBe('33.3%');
  });
});

describe('bucket labels', () => {
  const day = { start: '2025-03-03T00:00:00.000Z', end: '2025-03-04T00:00:00.000Z' };
  const week = { start: '2025-03-03T00:00:00.000Z', end: '2025-03-10T00:00:00.000Z' };
  const month = { start: '2025-02-01T00:00:00.000Z', end: '2025-03-01T00:00:00.000Z' };

  it('names a day by its date, with its weekday under it', () => {
    expect(axisLabel(day, 'daily', utc)).toEqual({ main: '3', sub: 'Mon' });
    expect(bucketName(day, 'daily', utc)).toBe('Monday, March 3');
  });

  it('names a week by the days it covers, its exclusive end left out', () => {
    const label = axisLabel(week, 'weekly', utc);
    expect({ ...label, main: plain(label.main) }).toEqual({ main: '3 – 9', sub: 'Mar' });
    expect(plain(bucketName(week, 'weekly', utc))).toBe('March 3 – 9');
  });

  it('names a month, in the reader’s language', () => {
    expect(axisLabel(month, 'monthly', utc)).toEqual({ main: 'Feb' });
    expect(bucketName(month, 'monthly', { ...utc, language: 'fr' })).toBe('février 2025');
  });

  it('names the day as the chart’s time zone sees it', () => {
    // Midnight in UTC is still the evening before in New York.
    expect(bucketName(day, 'daily', { language: 'en', timeZone: 'America/New_York' })).toBe(
      'Sunday, March 2',
    );
  });
});
