import type { KeptList } from './product-list-cache';
import type { PricedList } from './product-list-render';
import type { Fragment } from '../products/product-fragments';

/*
 * The layouts of the files the product list store keeps (product-list-store.ts): a header (JSON
 * text naming what the file is for, checked before anything else is read), then the fields one
 * after the other, each a length (u32) and its bytes. Typed arrays are copied out on reading
 * (their bytes need not be aligned in the file); the big byte fields (a product's JSON, a list's
 * kept bytes, a compressed piece) are read as slices of the file's bytes, not copied.
 */

/** Fields written into one buffer at the end, its size known first (no buffer per field). */
class Writer {
  private readonly fields: (string | ArrayBufferView)[] = [];

  bytes(bytes: ArrayBufferView) {
    this.fields.push(bytes);
    return this;
  }

  text(text: string) {
    this.fields.push(text);
    return this;
  }

  number(value: number) {
    return this.text(String(value));
  }

  finish() {
    const size = this.fields.reduce(
      (total, field) =>
        total + 4 + (typeof field === 'string' ? Buffer.byteLength(field) : field.byteLength),
      0,
    );
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    for (const field of this.fields) {
      if (typeof field === 'string') {
        const length = out.write(field, at + 4);
        out.writeUInt32LE(length, at);
        at += 4 + length;
      } else {
        out.writeUInt32LE(field.byteLength, at);
        const bytes = new Uint8Array(field.buffer, field.byteOffset, field.byteLength);
        out.set(bytes, at + 4);
        at += 4 + field.byteLength;
      }
    }
    return out;
  }
}

class Reader {
  private at = 0;
  constructor(private readonly file: Buffer) {}

  get done() {
    return this.at >= this.file.length;
  }

  bytes(): Buffer {
    const [from, to] = this.next();
    return this.file.subarray(from, to);
  }

  text() {
    const [from, to] = this.next();
    return this.file.toString('utf8', from, to);
  }

  /** Where the next field's bytes are. */
  private next(): [number, number] {
    if (this.at + 4 > this.file.length) throw new Error('product list store: file cut short');
    const from = this.at + 4;
    const to = from + this.file.readUInt32LE(this.at);
    if (to > this.file.length) throw new Error('product list store: file cut short');
    this.at = to;
    return [from, to];
  }

  number() {
    return Number(this.text());
  }

  /** Copied out: a view on the file's bytes would need them aligned. */
  uint32s() {
    const bytes = this.bytes();
    return new Uint32Array(new Uint8Array(bytes).buffer);
  }

  int32s() {
    const bytes = this.bytes();
    return new Int32Array(new Uint8Array(bytes).buffer);
  }
}

/** The file's header, or undefined when it is not a file of this layout. */
function headerOf(reader: Reader): string | undefined {
  try {
    return reader.text();
  } catch {
    return undefined;
  }
}

export function encodeFragments(header: string, fragments: readonly [string, Fragment][]) {
  const writer = new Writer().text(header);
  for (const [id, fragment] of fragments) {
    writer
      .text(id)
      .text(fragment.version)
      .text(fragment.badgesAtZero)
      .text(fragment.badgesInStock)
      .bytes(fragment.json);
  }
  return writer.finish();
}

/** The fragments of `file` if its header is `header`; none otherwise. Throws when cut short. */
export function decodeFragments(file: Buffer, header: string): Map<string, Fragment> {
  const fragments = new Map<string, Fragment>();
  const reader = new Reader(file);
  if (headerOf(reader) !== header) return fragments;
  while (!reader.done) {
    const id = reader.text();
    const version = reader.text();
    const badgesAtZero = reader.text();
    const badgesInStock = reader.text();
    fragments.set(id, { version, json: reader.bytes(), badgesAtZero, badgesInStock });
  }
  return fragments;
}

export function encodeList(header: string, { fingerprint, list, pieces }: KeptList) {
  const writer = new Writer()
    .text(header)
    .text(fingerprint)
    .text(list.head)
    .text(list.tail)
    .text(list.read.snapshot)
    .text(list.read.idSet)
    .number(list.read.complete ? 1 : 0)
    .text(list.ids.join(','))
    .text(list.versions.join(','))
    .text(list.badgesAtZero.join('\n'))
    .text(list.badgesInStock.join('\n'))
    .bytes(list.offsets)
    .bytes(list.fixed)
    .number(pieces.length);
  for (const { stock, piece } of pieces) {
    writer.bytes(stock).bytes(piece.deflated).number(piece.crc).number(piece.length);
  }
  return writer.finish();
}

/** The list of `file` if its header is `header`; undefined otherwise. Throws when cut short. */
export function decodeList(
  file: Buffer,
  header: string,
  productsPerPiece: number,
): KeptList | undefined {
  const reader = new Reader(file);
  if (headerOf(reader) !== header) return undefined;
  const fingerprint = reader.text();
  const list: PricedList = {
    head: reader.text(),
    tail: reader.text(),
    read: { snapshot: reader.text(), idSet: reader.text(), complete: reader.number() === 1 },
    ids: splitText(reader.text(), ','),
    versions: splitText(reader.text(), ','),
    badgesAtZero: splitText(reader.text(), '\n'),
    badgesInStock: splitText(reader.text(), '\n'),
    offsets: reader.uint32s(),
    fixed: reader.bytes(),
    written: 0,
  };
  const n = list.ids.length;
  if (list.offsets.length !== n + 1 || list.versions.length !== n) {
    throw new Error('product list store: a list out of step');
  }
  const pieces = Array.from({ length: reader.number() }, (_, p) => {
    const from = Math.min(n, p * productsPerPiece);
    const to = Math.min(n, from + productsPerPiece);
    const stock = reader.int32s();
    const deflated = reader.bytes();
    const crc = reader.number();
    const length = reader.number();
    const fixed = list.fixed.subarray(list.offsets[from], list.offsets[to]);
    return { fixed, stock, piece: { deflated, crc, length } };
  });
  return { fingerprint, list, pieces };
}

const splitText = (text: string, separator: string) => (text ? text.split(separator) : []);
