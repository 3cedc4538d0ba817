import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('changeOf', () => {
  it('measures a change against the previous figure', () => {
    expect(changeOf(150, 100)).toEqual({ kind: 'share', share: 0.5 });
    expect(changeOf(0, 40)).toEqual({ kind: 'share', share: -1 });
    // A loss that shrinks is a rise.
    expect(changeOf(-5, -10)).toEqual({ kind: 'share', share: 0.5 });
  });

  it('calls a figure new when the previous period had none, and says nothing of two zeros', () => {
    expect(changeOf(3, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'none' });
  });
});
