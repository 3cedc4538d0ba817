import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

describe('detectImageType', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), 'image/png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s by its signature', (_, input, expected) => {
    expect(detectImageType(input)).toBe(expected);
  });

  it.each([
    ['an empty file', bytes()],
    ['a truncated PNG signature', bytes([0x89], 'PNG\r\n')],
    ['text', bytes('hello, I am an image')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF file that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a PDF', bytes('%PDF-1.7')],
    ['a GIF-like header of an unknown version', bytes('GIF90a')],
    ['the PNG signature one byte off', bytes([0], [0x89], 'PNG\r\n\x1a\n')],
  ])('refuses %s', (_, input) => {
    expect(detectImageType(input)).toBeUndefined();
  });
});
