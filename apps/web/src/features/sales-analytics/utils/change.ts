/**
 * How a figure moved from the previous period to this one: `new` when there was nothing before
 * (a share of zero means nothing), `none` when there is nothing either time, else the change as
 * a share of the previous figure (0.25 = up a quarter). A negative previous profit is measured
 * by its size, so a rise still reads as a rise.
 */
export type Change = { kind: 'none' } | { kind: 'new' } | { kind: 'share'; share: number };

export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'share', share: (current - previous) / Math.abs(previous) };
}
