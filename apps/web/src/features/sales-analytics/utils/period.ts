import { validRange } from '@/components/ui/date-range';

export const periodPresets = ['last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export const DEFAULT_PERIOD: PeriodPreset = 'last30';

export function periodPresetOf(text: string): PeriodPreset {
  return periodPresets.find((preset) => preset === text) ?? DEFAULT_PERIOD;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days (YYYY-MM-DD, both included) a preset covers on `today`. Days are UTC days, as the API
 * reads a bare date and as the dashboard's charts count them; the API compares them with as many
 * days just before. "Last 7 days" ends with today, which is still running.
 */
export function periodDays(
  preset: PeriodPreset,
  today: Date,
  custom: { from: string; to: string },
): { from?: string; to?: string } {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (preset) {
    case 'last7':
      return { from: dayOf(new Date(today.getTime() - 6 * DAY_MS)), to: dayOf(today) };
    case 'last30':
      return { from: dayOf(new Date(today.getTime() - 29 * DAY_MS)), to: dayOf(today) };
    case 'thisMonth':
      return { from: dayOf(new Date(Date.UTC(year, month, 1))), to: dayOf(today) };
    case 'lastMonth':
      return {
        from: dayOf(new Date(Date.UTC(year, month - 1, 1))),
        // Day 0 of this month is the last day of the one before.
        to: dayOf(new Date(Date.UTC(year, month, 0))),
      };
    case 'custom':
      return validRange(custom.from, custom.to);
  }
}

/**
 * A period the API answered (`from` inclusive, `to` exclusive) as the reader writes dates:
 * "1–7 Dec 2026". The last day shown is the one before the exclusive end.
 */
export function periodLabel(period: { from: string; to: string }, language: string): string {
  const start = new Date(period.from);
  const lastInstant = new Date(Math.max(start.getTime(), new Date(period.to).getTime() - 1));
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatRange(start, lastInstant);
}
