import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | null | undefined;
}

/**
 * Rows read this many at a time, each batch one keyset query (a constant amount in memory). A
 * batch lives until the client has taken it; smaller batches die young, where the garbage
 * collector frees them at once (1,000 let a 100,000-row export grow the process by 35-41 MB
 * before a full collection, 250 by 0-20 MB: test/csv-export-memory.test.ts).
 */
export const EXPORT_BATCH = 250;

/**
 * Every row of a list, batch after batch: `read(after)` answers the rows following the last row
 * of the previous batch (undefined: the first batch), at most `EXPORT_BATCH` of them, in the
 * list's order. A short batch is the last one. The next batch is read only once the previous one
 * was taken, so a slow download holds one batch, not the table.
 */
export async function* keysetBatches<T>(
  read: (after: T | undefined) => Promise<readonly T[]>,
): AsyncGenerator<readonly T[]> {
  let after: T | undefined;
  for (;;) {
    const batch = await read(after);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1];
  }
}

/**
 * A CSV download of `batches` (DESIGN.md §10): UTF-8 with a byte order mark (Excel then reads
 * Arabic names right), a header row, and every text cell starting with = + - @ tab or CR prefixed
 * with ' so a spreadsheet shows it instead of running it as a formula (numbers stay numbers: a
 * negative amount is not a formula). The stream pulls the next batch only as the client reads.
 *
 * Each batch goes out as one chunk. A chunk a row made the response's gzip compress and flush
 * 100,000 times for a 100,000-row export: 8.4 s of the server's CPU out of 12
 * (test/csv-export-memory.test.ts, profiled 2026-11-29).
 */
export function csvStream<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
): Readable {
  const headers = columns.map((column) => column.header);
  const format = { escape_formulas: true, record_delimiter: 'windows' } as const;
  async function* chunks() {
    yield stringify([headers], { ...format, bom: true });
    for await (const batch of batches) {
      yield stringify(
        batch.map((row) => columns.map((column) => column.cell(row) ?? '')),
        format,
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `Content-Disposition` of an export: `<name>-<YYYY-MM-DD>.csv`, the day it was made (UTC). */
export function csvDisposition(name: string, now = new Date()): string {
  return `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;
}

/**
 * What a route's reply needs to answer an export. A route's reply is typed for its JSON answer;
 * a stream is sent as it is (Fastify serializes no stream), hence `never` for the payload.
 */
export interface CsvReply {
  header(name: string, value: string): unknown;
  type(contentType: string): unknown;
  send(payload: never): unknown;
}

/**
 * Answers `stream` as the download `<name>-<date>.csv`. The route returns what this returns (the
 * reply): an async handler that sent a stream and returned nothing answers an empty body.
 */
export function sendCsv<R extends CsvReply>(reply: R, name: string, stream: Readable): R {
  reply.header('content-disposition', csvDisposition(name));
  reply.header('cache-control', 'no-store');
  reply.type('text/csv; charset=utf-8');
  reply.send(stream as never);
  return reply;
}
