import { describe, expect, it } from 'vitest';
import { periodDays, periodLabel, periodPresetOf } from './period';

const noCustom = { from: '', to: '' };

describe('periodDays', () => {
  const today = new Date('2026-01-05T23:30:00Z');

  it('counts the rolling presets back from today, today included', () => {
    expect(periodDays('last7', today, noCustom)).toEqual({ from: '2025-12-30', to: '2026-01-05' });
    expect(periodDays('last30', today, noCustom)).toEqual({ from: '2025-12-07', to: '2026-01-05' });
  });

  it('takes the calendar months in UTC, last month across a new year', () => {
    expect(periodDays('thisMonth', today, noCustom)).toEqual({
      from: '2026-01-01',
      to: '2026-01-05',
    });
    expect(periodDays('lastMonth', today, noCustom)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(periodDays('lastMonth', new Date('2026-03-10T00:00:00Z'), noCustom)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('asks for custom days as typed, dropping an end before the start', () => {
    expect(periodDays('custom', today, { from: '2025-11-01', to: '2025-11-15' })).toEqual({
      from: '2025-11-01',
      to: '2025-11-15',
    });
    expect(periodDays('custom', today, { from: '2025-11-15', to: '2025-11-01' })).toEqual({
      from: '2025-11-15',
      to: undefined,
    });
  });

  it('falls back to the last 30 days for anything else in the URL', () => {
    expect(periodPresetOf('last7')).toBe('last7');
    expect(periodPresetOf('yesterday')).toBe('last30');
  });
});

describe('periodLabel', () => {
  it('names the last day before the exclusive end', () => {
    const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    expect(periodLabel(period, 'en').replace(/\s/g, ' ')).toBe('Nov 1 – 30, 2026');
  });
});
