import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';
import { encodePng } from './png';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );
const base64 = (text: string) => Buffer.from(text, 'base64');

describe('detectImageType', () => {
  it.each([
    ['PNG', encodePng(2, 2, () => [200, 10, 10]), 'image/png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), 'image/gif'],
    ['WebP', base64('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA='), 'image/webp'],
  ])('recognises %s by its content', async (_, input, expected) => {
    expect(await detectImageType(input)).toBe(expected);
  });

  it.each([
    ['an empty file', bytes()],
    ['a truncated PNG signature', bytes([0x89], 'PNG\r\n')],
    [
      'the PNG signature followed by HTML',
      bytes([0x89], 'PNG\r\n\x1a\n', '<script>alert(1)</script>'),
    ],
    ['text', bytes('hello, I am an image')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF file that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a PDF', bytes('%PDF-1.7')],
    ['an image type not accepted (BMP)', bytes('BM', [0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0])],
    ['an image in an ISO box (AVIF)', bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0], 'avifmif1')],
    ['the PNG signature one byte off', bytes([0], [0x89], 'PNG\r\n\x1a\n')],
  ])('refuses %s', async (_, input) => {
    expect(await detectImageType(input)).toBeUndefined();
  });
});
