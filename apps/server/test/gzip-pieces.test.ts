import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePiece, gzipOfPieces } from '../src/lib/gzip-pieces';

describe('a gzip body of pieces compressed apart', () => {
  const a = Buffer.from('{"name":"hello","stock":3},'.repeat(3000));
  const b = Buffer.from('{"name":"مرحبا","stock":0},'.repeat(777));

  it('combines the CRC-32 of two parts as zlib computes the whole', () => {
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), 0, 0)).toBe(crc32(a));
  });

  it('inflates to the pieces one after the other, empty ones and none included', async () => {
    const parts = [a, Buffer.alloc(0), b, a];
    const pieces = await Promise.all(parts.map((part) => deflatePiece(part, 1)));
    expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
    expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
  });
});
