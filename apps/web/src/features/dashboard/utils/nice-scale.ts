/**
 * An axis from 0 to a round number at or above `max`, in `steps` equal round steps (1, 2, 2.5
 * or 5 times a power of ten), so gridlines read "$0, $25, $50…" rather than "$0, $23.17…".
 */
export function niceScale(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((s) => s >= rough) ??
    10 * magnitude;
  const count = Math.ceil(max / step - 1e-9);
  // Rounded to cents: 0.1 + 0.2 style noise must not reach an axis label.
  return Array.from({ length: count + 1 }, (_, index) => Math.round(index * step * 100) / 100);
}
