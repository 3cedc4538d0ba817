import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('wraps a value in a first-strong isolate inside right-to-left text', () => {
    expect(isolate('$15', 'rtl')).toBe('\u2068$15\u2069');
  });

  it('leaves left-to-right text as it is', () => {
    expect(isolate('$15', 'ltr')).toBe('$15');
  });
});
