import { describe, expect, it } from 'vitest';
import { keyLines } from '@keymarket/contracts/orders';
import { splitKeyParts } from './import-keys';

describe('splitKeyParts', () => {
  it('cuts after every `perPart` keys, blank lines travelling with their part', () => {
    expect(splitKeyParts('a\n\nb\nc\n \nd\ne', 2)).toEqual(['a\n\nb\n', 'c\n \nd\n', 'e\n']);
  });

  it('keeps every key once, in order, whatever the line endings', () => {
    const text = Array.from({ length: 2_500 }, (_, index) => `KEY-${index}`).join('\r\n');
    const parts = splitKeyParts(text, 1_000);
    expect(parts.map((part) => keyLines(part).length)).toEqual([1_000, 1_000, 500]);
    expect(parts.flatMap(keyLines)).toEqual(keyLines(text));
  });

  it('ends every part with a newline, so a blank last line is still a line to the server', () => {
    // The server skips only the empty end after a final newline: 'a\n\n' is a key and a blank.
    expect(splitKeyParts('a\n\n\n')).toEqual(['a\n\n\n']);
    expect(splitKeyParts('a\n')).toEqual(['a\n']);
  });

  it('has nothing to send for a paste without keys', () => {
    expect(splitKeyParts('')).toEqual([]);
    expect(splitKeyParts('\n  \n\t')).toEqual([]);
  });
});
