import { describe, expect, it } from 'vitest';
import { detectAudioType } from './audio-type';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

/** A silent MPEG-1 Layer III frame, 128 kbit/s at 44.1 kHz (417 bytes). */
const mpegFrame = () => bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(413));
/** The first page of an OGG stream holding one packet. */
const oggPage = (packet: Buffer) =>
  bytes('OggS', [0, 2], Buffer.alloc(8), [1, 0, 0, 0], Buffer.alloc(8), [1, packet.length], packet);
/** An ISO-BMFF file's `ftyp` box with this major brand. */
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 2, 0], 'isomiso2');

describe('detectAudioType', () => {
  it.each([
    ['MP3 with an ID3v2 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0], mpegFrame()), 'audio/mpeg'],
    [
      'MP3 with an ID3v2 tag and padding before the first frame',
      bytes('ID3', [4], Buffer.alloc(60)),
      'audio/mpeg',
    ],
    ['MP3 starting with a frame (MPEG-1 Layer III)', bytes(mpegFrame(), mpegFrame()), 'audio/mpeg'],
    ['OGG Vorbis', oggPage(bytes([1], 'vorbis', Buffer.alloc(23))), 'audio/ogg'],
    ['OGG Opus', oggPage(bytes('OpusHead', [1, 2], Buffer.alloc(9))), 'audio/ogg'],
    ['an OGG stream of another codec', bytes('OggS', Buffer.alloc(60)), 'audio/ogg'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['M4A', ftyp('M4A '), 'audio/mp4'],
    ['M4A written with the generic isom brand', ftyp('isom'), 'audio/mp4'],
  ])('recognises %s by its content', async (_, input, expected) => {
    expect(await detectAudioType(input)).toBe(expected);
  });

  it.each([
    ['an empty file', bytes()],
    ['text', bytes('this is definitely music')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', Buffer.alloc(17))],
    ['a JPEG (0xFF but no frame sync)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['a RIFF file that is not WAV (WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['an image in an ISO box (HEIC)', ftyp('heic')],
    ['an image in an ISO box (AVIF)', ftyp('avif')],
    ['an audio format not accepted (FLAC)', bytes('fLaC', Buffer.alloc(40))],
    ['a truncated ftyp box', bytes([0, 0, 0, 0x20], 'ftyp')],
    ['a PDF', bytes('%PDF-1.7')],
  ])('refuses %s', async (_, input) => {
    expect(await detectAudioType(input)).toBeUndefined();
  });
});
