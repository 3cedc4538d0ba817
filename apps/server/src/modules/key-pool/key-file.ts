/**
 * Reads a key file as it arrives (DESIGN.md §11): one key per line, never the whole file in
 * memory. A `.txt` file is a key per line; a `.csv` file is a key per row, from the column headed
 * "Key" when the first row has one (the unsold keys' export does), else from the first column.
 * Lines are trimmed and cleaned as a paste's are (`normaliseKey`); blank lines are counted and
 * skipped.
 *
 * Lines are split on the newline byte (in UTF-8 it is never part of another character), so each
 * key comes with the byte offset where the next line starts: an import in batches records it
 * with each batch and resumes there (key-import-runner.ts).
 *
 * Bad content stops the read with an error naming the line: bytes that are not UTF-8 text (an
 * image, a spreadsheet renamed .csv), a line longer than a key may be, more lines or bytes than a
 * file may hold. The upload is read through once before it is stored, so a refused file is
 * never stored nor imported in part.
 */
import { TextDecoder } from 'node:util';
import {
  KEY_MAX_LENGTH,
  KEYS_FILE_MAX_BYTES,
  KEYS_FILE_MAX_LINES,
} from '@keymarket/contracts/catalogue';
import { normaliseKey } from '@keymarket/contracts/text';
import { AppError, validationError } from '../../lib/app-error';

const FIELD = 'body';
// A CSV row may carry other columns (the export's id and date) around the key.
const CSV_LINE_MAX = KEY_MAX_LENGTH * 2;
// A character is at most 4 bytes in UTF-8: a line past this many bytes is too long whatever it is.
const LINE_MAX_BYTES = CSV_LINE_MAX * 4;
const NEWLINE = 0x0a;

export const keyFileMessages = {
  notText: 'This file is not a text file: upload a .txt or .csv file with one key per line',
  empty: 'This file holds no keys',
  tooManyLines: `A key file holds at most ${KEYS_FILE_MAX_LINES.toLocaleString('en')} lines`,
  tooBig: `A key file is at most ${KEYS_FILE_MAX_BYTES / 1024 / 1024} MB`,
  lineTooLong: (line: number) => `Line ${line} is longer than ${KEY_MAX_LENGTH} characters`,
};

export type KeyFileKind = 'txt' | 'csv';

export function keyFileKind(name: string): KeyFileKind {
  return name.toLowerCase().endsWith('.csv') ? 'csv' : 'txt';
}

/** The cells of one CSV line (RFC 4180 quoting; a quoted field does not span lines). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** The export prefixes a cell a spreadsheet would run as a formula with ' (lib/csv.ts). */
function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Where a read starts: the beginning, or a line boundary a batch recorded. */
export interface KeyFilePosition {
  /** Byte offset of the first line to read. */
  bytes: number;
  /** Lines before it. */
  lines: number;
  /** A .csv file's key column, read from its header row (undefined: the first column). */
  column: number | undefined;
}

export const fileStart: KeyFilePosition = { bytes: 0, lines: 0, column: undefined };

/** One key of the file and the offset where the line after it starts. */
export interface KeyLine {
  key: string;
  /** Lines read up to and including this one (blank ones too). */
  lines: number;
  end: number;
}

export class KeyFileReader {
  /** Lines read so far, from the start of the file (the empty piece after a final newline is no line). */
  lines: number;
  /** Blank lines skipped by this read. */
  blanks = 0;
  /** Non-blank keys yielded by this read. */
  found = 0;
  /** The .csv key column, once its header row is read. */
  column: number | undefined;
  private bytes: number;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly kind: KeyFileKind,
    from: KeyFilePosition = fileStart,
  ) {
    this.lines = from.lines;
    this.bytes = from.bytes;
    this.column = from.column;
  }

  /**
   * The keys of `chunks` (the file's bytes from this read's starting offset), cleaned, in the
   * order of their lines; blank lines are counted, not yielded.
   */
  async *keys(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<KeyLine> {
    let rest: Buffer = Buffer.alloc(0);
    let offset = this.bytes;
    for await (const chunk of chunks) {
      this.bytes += chunk.length;
      if (this.bytes > KEYS_FILE_MAX_BYTES) {
        throw new AppError('payload_too_large', keyFileMessages.tooBig);
      }
      const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : Buffer.from(chunk);
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
        const key = this.keyOf(bytes.subarray(start, end));
        offset += end + 1 - start;
        start = end + 1;
        if (key !== undefined) yield { key, lines: this.lines, end: offset };
      }
      rest = bytes.subarray(start);
      if (rest.length > LINE_MAX_BYTES) {
        throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines + 1));
      }
    }
    if (rest.length > 0) {
      const key = this.keyOf(rest);
      offset += rest.length;
      if (key !== undefined) yield { key, lines: this.lines, end: offset };
    }
  }

  private decode(bytes: Uint8Array): string {
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      throw validationError(FIELD, keyFileMessages.notText);
    }
    if (text.includes('\u0000')) throw validationError(FIELD, keyFileMessages.notText);
    return text;
  }

  /** One line's key; undefined for a blank line or a CSV header row naming the key's column. */
  private keyOf(raw: Uint8Array): string | undefined {
    this.lines++;
    if (this.lines > KEYS_FILE_MAX_LINES) {
      throw validationError(FIELD, keyFileMessages.tooManyLines);
    }
    const decoded = this.decode(raw);
    const line = decoded.endsWith('\r') ? decoded.slice(0, -1) : decoded;
    let text = line;
    if (this.kind === 'csv') {
      if (line.length > CSV_LINE_MAX) {
        throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines));
      }
      const cells = csvCells(line);
      if (this.lines === 1) {
        const header = cells.findIndex((c) => normaliseKey(c).toLowerCase() === 'key');
        if (header >= 0) {
          this.column = header;
          return undefined;
        }
      }
      text = unguarded(cells[this.column ?? 0] ?? '');
    }
    const key = normaliseKey(text);
    if (key.length === 0) {
      this.blanks++;
      return undefined;
    }
    if (key.length > KEY_MAX_LENGTH) {
      throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines));
    }
    this.found++;
    return key;
  }
}
