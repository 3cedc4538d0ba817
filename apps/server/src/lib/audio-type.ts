import type { AudioType } from '@keymarket/contracts/settings';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ID3 = ascii('ID3');
const OGG = ascii('OggS');
const RIFF = ascii('RIFF');
const WAVE = ascii('WAVE');
const FTYP = ascii('ftyp');

/**
 * An MPEG audio frame header: 11 set sync bits, then no reserved value in the version, layer,
 * bitrate or sample-rate fields. Checking those fields keeps random bytes that merely start with
 * 0xFF 0xE0 (or a JPEG's 0xFF 0xD8) from passing as MP3.
 */
function isMpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const [b0, b1, b2] = [bytes[0]!, bytes[1]!, bytes[2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/**
 * The audio type of `bytes`, read from the file's own signature (magic bytes), never from the
 * declared mimetype or the name: the file is served back from our origin, so it must really be
 * audio. MP3 (ID3 tag or MPEG frame sync), OGG, WAV (RIFF…WAVE) and M4A (an ISO-BMFF `ftyp` box).
 */
export function detectAudioType(bytes: Uint8Array): AudioType | undefined {
  if (startsWith(bytes, ID3) || isMpegFrame(bytes)) return 'audio/mpeg';
  if (startsWith(bytes, OGG)) return 'audio/ogg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WAVE, 8)) return 'audio/wav';
  // ISO-BMFF: a 4-byte box size, then the box type "ftyp" and the brand.
  if (startsWith(bytes, FTYP, 4) && bytes.length >= 12) return 'audio/mp4';
  return undefined;
}
