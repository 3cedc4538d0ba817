/**
 * Reads an uploaded key file as it arrives (DESIGN.md §11): one key per line, never the whole
 * file in memory. A `.txt` file is a key per line; a `.csv` file is a key per row, from the
 * column headed "Key" when the first row has one (the unsold keys' export does), else from the
 * first column. Lines are trimmed and cleaned as a paste's are (`normaliseKey`); blank lines are
 * counted and skipped.
 *
 * Bad content stops the read with a validation error naming the line: bytes that are not UTF-8
 * text (an image, a spreadsheet renamed .csv), a line longer than a key may be, more lines or
 * bytes than a file may hold. The caller's transaction then rolls back, so nothing is added.
 */
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import {
  KEY_MAX_LENGTH,
  KEYS_FILE_MAX_BYTES,
  KEYS_FILE_MAX_LINES,
} from '@keymarket/contracts/catalogue';
import { normaliseKey } from '@keymarket/contracts/text';
import { validationError } from '../../lib/app-error';

const FIELD = 'body';
// A CSV row may carry other columns (the export's id and date) around the key.
const CSV_LINE_MAX = KEY_MAX_LENGTH * 2;

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

export class KeyFileReader {
  /** Lines read so far (the empty piece after a final newline is no line). */
  lines = 0;
  blanks = 0;
  /** Non-blank keys yielded. */
  found = 0;
  private bytes = 0;

  constructor(
    private readonly stream: Readable,
    private readonly kind: KeyFileKind,
  ) {}

  /** The file's keys, cleaned, in the order of its lines; blank lines are counted, not yielded. */
  async *keys(): AsyncGenerator<string> {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let rest = '';
    let column: number | undefined;
    for await (const chunk of this.stream as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      if (this.bytes > KEYS_FILE_MAX_BYTES) throw validationError(FIELD, keyFileMessages.tooBig);
      rest += this.decode(decoder, chunk, true);
      let start = 0;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
        const key = this.keyOf(rest.slice(start, end), column);
        start = end + 1;
        if (key === undefined) continue;
        if (key.header !== undefined) column = key.header;
        else {
          this.found++;
          yield key.key;
        }
      }
      rest = rest.slice(start);
      if (rest.length > CSV_LINE_MAX) {
        throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines + 1));
      }
    }
    rest += this.decode(decoder, new Uint8Array(), false);
    if (rest.length > 0) {
      const key = this.keyOf(rest, column);
      if (key && key.header === undefined) {
        this.found++;
        yield key.key;
      }
    }
    if (this.found === 0) {
      throw validationError(FIELD, keyFileMessages.empty);
    }
  }

  private decode(decoder: TextDecoder, chunk: Uint8Array, stream: boolean): string {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream });
    } catch {
      throw validationError(FIELD, keyFileMessages.notText);
    }
    if (text.includes('\u0000')) throw validationError(FIELD, keyFileMessages.notText);
    return text;
  }

  /**
   * One line's key; `{ header }` for a CSV header row naming the key's column; undefined for a
   * blank line.
   */
  private keyOf(
    raw: string,
    column: number | undefined,
  ): { key: string; header?: undefined } | { header: number } | undefined {
    this.lines++;
    if (this.lines > KEYS_FILE_MAX_LINES)
      throw validationError(FIELD, keyFileMessages.tooManyLines);
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    let text = line;
    if (this.kind === 'csv') {
      if (line.length > CSV_LINE_MAX) {
        throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines));
      }
      const cells = csvCells(line);
      if (this.lines === 1) {
        const header = cells.findIndex((c) => normaliseKey(c).toLowerCase() === 'key');
        if (header >= 0) return { header };
      }
      text = unguarded(cells[column ?? 0] ?? '');
    }
    const key = normaliseKey(text);
    if (key.length === 0) {
      this.blanks++;
      return undefined;
    }
    if (key.length > KEY_MAX_LENGTH) {
      throw validationError(FIELD, keyFileMessages.lineTooLong(this.lines));
    }
    return { key };
  }
}
