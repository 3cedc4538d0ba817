import { describe, expect, it } from 'vitest';
import { niceScale } from './nice-scale';

describe('niceScale', () => {
  it('has only zero when there is nothing to show', () => {
    expect(niceScale(0)).toEqual([0]);
  });

  it('reaches a round number at or above the maximum in round steps', () => {
    expect(niceScale(93.17)).toEqual([0, 25, 50, 75, 100]);
    expect(niceScale(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceScale(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceScale(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('keeps cents clean', () => {
    expect(niceScale(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});
