import { describe, expect, it } from 'vitest';
import { parseUsdInput, usdInputText } from './usd-input';

describe('parseUsdInput', () => {
  it('reads signed decimal amounts, with a dot or a comma', () => {
    expect(parseUsdInput('12.5')).toBe(12.5);
    expect(parseUsdInput(' -1,25 ')).toBe(-1.25);
    expect(parseUsdInput('+3')).toBe(3);
    expect(parseUsdInput('.5')).toBe(0.5);
  });

  it('leaves a blank field out and makes anything else NaN', () => {
    expect(parseUsdInput('  ')).toBeUndefined();
    expect(parseUsdInput('12abc')).toBeNaN();
    expect(parseUsdInput('1e3')).toBeNaN();
    expect(parseUsdInput('$4')).toBeNaN();
  });

  it('writes a price back as plain text', () => {
    expect(usdInputText(12.5)).toBe('12.5');
    expect(usdInputText(undefined)).toBe('');
  });
});
