import { describe, expect, it } from 'vitest';
import { detectAudioType } from './audio-type';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

describe('detectAudioType', () => {
  it.each([
    ['MP3 with an ID3v2 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: the most common MP3 frame header.
    ['MP3 starting with a frame (MPEG-1 Layer III)', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['MP3 starting with a frame (MPEG-2 Layer III)', bytes([0xff, 0xf3, 0x48, 0xc4]), 'audio/mpeg'],
    ['OGG', bytes('OggS', [0, 2, 0, 0, 0, 0]), 'audio/ogg'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4'],
  ])('recognises %s by its signature', (_, input, expected) => {
    expect(detectAudioType(input)).toBe(expected);
  });

  it.each([
    ['an empty file', bytes()],
    ['text', bytes('this is definitely music')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])],
    ['a JPEG (0xFF but no frame sync)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['a RIFF file that is not WAV (WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['a frame sync with the reserved MPEG version', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['a frame sync with the reserved layer', bytes([0xff, 0xf9, 0x90, 0x64])],
    ['a frame sync with the invalid bitrate index', bytes([0xff, 0xfb, 0xf0, 0x64])],
    ['a frame sync with the reserved sample rate', bytes([0xff, 0xfb, 0x9c, 0x64])],
    ['a truncated frame header', bytes([0xff, 0xfb, 0x90])],
    ['a truncated ftyp box', bytes([0, 0, 0, 0x20], 'ftyp')],
    ['a PDF', bytes('%PDF-1.7')],
  ])('refuses %s', (_, input) => {
    expect(detectAudioType(input)).toBeUndefined();
  });
});
