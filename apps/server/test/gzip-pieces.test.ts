import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePiece, gzipOfPieces } from '../src/lib/gzip-pieces';

describe('a gzip body of pieces compressed apart', () => {
  const a = Buffer.from('{"name":"hello","stock":3},'.repeat(3000));
  const b = Buffer.from('{"name":"مرحبا","stock":0},'.repeat(777));

  it('combines the CRC-32 of two parts as zlib computes the whole', () => {
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), 0, 0)).toBe(crc32(a));
    // Lengths of every size class: each bit of the length is a step of the combination.
    for (const length of [1, 2, 3, 7, 8, 255, 256, 4097, 65_537, 1_000_003]) {
      const x = randomBytes(97);
      const y = randomBytes(length);
      expect(crc32Combine(crc32(x), crc32(y), length), `length ${length}`).toBe(
        crc32(Buffer.concat([x, y])),
      );
    }
  });

  it('inflates to the pieces one after the other, empty ones and none included', () => {
    const parts = [a, Buffer.alloc(0), b, a];
    const pieces = parts.map((part) => deflatePiece(part, 1));
    expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
    expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
  });
});
