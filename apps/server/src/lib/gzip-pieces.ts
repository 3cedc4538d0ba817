import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

/*
 * A gzip body put together from pieces compressed apart, so that a body which differs from the
 * last one in a few places is compressed again only there. Each piece is raw deflate ended by a
 * sync flush (byte-aligned, not final), so the pieces can follow one another in any order; the
 * body is the gzip header, the pieces, a final empty block and the trailer (the CRC-32 of the
 * whole, combined from the pieces', and its length).
 */

const deflateRawAsync = promisify(deflateRaw);

export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

export async function deflatePiece(data: Buffer, level: number): Promise<DeflatedPiece> {
  const deflated = await deflateRawAsync(data, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return { deflated, crc: crc32(data), length: data.length };
}

// Magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final block with fixed codes holding only its end: bits 1, 01, then the 7-bit code 0.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...pieces.map((piece) => piece.deflated),
    FINAL_BLOCK,
    trailer,
  ]);
}

/** zlib's crc32_combine: the CRC-32 of A then B from crc(A), crc(B) and B's length. */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32); // the operator for 2^k zero bits, k even
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crc1 >>> 0;
  let remaining = length2;
  // Apply length2 zero bytes to crc1, one bit of length2 at a time (the first square: one byte).
  for (;;) {
    square(even, odd);
    if (remaining % 2) crc = times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    square(odd, even);
    if (remaining % 2) crc = times(odd, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
  }
  return (crc ^ crc2) >>> 0;
}

function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i] ?? 0;
  return sum >>> 0;
}

function square(result: Uint32Array, matrix: Uint32Array) {
  for (let n = 0; n < 32; n++) result[n] = times(matrix, matrix[n] ?? 0);
}
