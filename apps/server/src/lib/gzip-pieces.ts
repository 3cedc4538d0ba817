import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * A gzip body put together from pieces compressed apart, so that a body which differs from the
 * last one in a few places is compressed again only there. Each piece is raw deflate ended by a
 * sync flush (byte-aligned, not final), so the pieces can follow one another in any order; the
 * body is the gzip header, the pieces, a final empty block and the trailer (the CRC-32 of the
 * whole, combined from the pieces', and its length).
 *
 * Why it stays rather than zlib's gzip of the whole answer: the catalogue list's target under
 * sales (median ≤ 100 ms with 200 orders a second, bench/results/products.md) renders an answer
 * for each new stock. After one sale, a 10,000-product answer (6.9 MB of JSON) was rendered again from its
 * pieces in 33 ms against 209 ms for zlib's gzip of the whole at level 1 and 924 ms at level 6
 * (medians of 15, in-process, loaded machine, 2026-12-07); end to end, gzipping the whole again
 * made the answer after a sale ×1.5–5 slower (bench/results/products.md, "The priced list and the
 * stock apart, measured against the list as it is").
 *
 * Why one gzip member rather than the pieces each gzipped (RFC 1952 allows a file of several
 * members, and each would carry its own CRC-32 and length, with no joining of ours): Chromium
 * decodes only the first member of a `Content-Encoding: gzip` body and drops the rest without an
 * error (checked with Debian's Chromium, 2026-12-07: a body of two members gave the first
 * member's bytes only). So the body is one standard member (RFC 1951 deflate blocks, then the
 * CRC-32 and length of the whole); what is ours is only the joining, checked against zlib's
 * inflate in gzip-pieces.test.ts.
 */

export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

/**
 * One piece, compressed on the calling thread. Synchronous on purpose: pieces are small (~33 KB),
 * and Node's asynchronous zlib call sets up a stream and a thread-pool hop for each, which cost
 * 3-5 times the CPU of the compression itself (200 pieces of a list: ~45 ms of CPU against ~10 ms,
 * measured on the 2-core machine). Callers compressing many pieces yield between batches.
 */
export function deflatePiece(data: Buffer, level: number): DeflatedPiece {
  const deflated = deflateRawSync(data, { level, finishFlush: constants.Z_SYNC_FLUSH });
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

/** The CRC-32 polynomial, reflected. */
const POLY = 0xedb88320;

/** x^(2^k) modulo the CRC-32 polynomial, k = 0..31 (zlib's x2n_table). */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 1 << 30; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multModP(p, p);
  return table;
})();

/**
 * zlib's crc32_combine (1.2.12 and later): the CRC-32 of A then B from crc(A), crc(B) and B's
 * length, as crc(A) times x^(8·length) modulo the polynomial, plus crc(B). A few hundred bit
 * steps whatever the length, so a body of two hundred pieces is combined in well under a
 * millisecond (the older matrix method took ~17 ms for 200 pieces on every answer).
 */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  return (multModP(x2nModP(length2, 3), crc1 >>> 0) ^ crc2) >>> 0;
}

/** a times b modulo the polynomial (reflected bit order, as CRC-32 keeps them). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bits = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= bits;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bits = bits & 1 ? (bits >>> 1) ^ POLY : bits >>> 1;
  }
  return p >>> 0;
}

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let i = k;
  while (rest > 0) {
    if (rest % 2) p = multModP(X2N[i & 31] ?? 0, p);
    rest = Math.floor(rest / 2);
    i++;
  }
  return p;
}
