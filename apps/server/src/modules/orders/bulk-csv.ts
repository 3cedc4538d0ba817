import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { normaliseKey } from '@keymarket/contracts/text';

/** The keys a CSV gives one order, and the lines (numbered from 1) that give them. */
export interface CsvOrder {
  orderId: string;
  keys: string[];
  lines: number[];
}

interface UnparsableLine {
  line: number;
  reason: 'quotes' | 'not_an_order' | 'no_key';
  message: string;
}

interface ParsedCsv {
  /** In the order each first appears in the file. */
  orders: CsvOrder[];
  unparsable: UnparsableLine[];
}

const uuid = z.uuid();
const HEADER = /^order[\s_-]?id$/i;

/**
 * Reads a bulk fulfilment CSV (contracts bulk-fulfilment.ts): `orderId,key,key…` a line, an
 * order's keys possibly spread over several lines. A line at a time, so a broken line is told
 * by its number and leaves the others readable: a key never spans lines (the keys of an order
 * are one a line once delivered). A line with a quote goes through csv-parse, which reads
 * RFC 4180 quoting (a key holding a comma is written `"like, this"`); one without is its fields
 * between commas, which is what csv-parse would read from it, without its cost per call.
 */
export function parseBulkCsv(csv: string): ParsedCsv {
  const byId = new Map<string, CsvOrder>();
  const unparsable: UnparsableLine[] = [];
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  lines.forEach((text, index) => {
    const line = index + 1;
    const fields = fieldsOf(text);
    if (!fields) {
      unparsable.push({
        line,
        reason: 'quotes',
        message: `Line ${line}: the quotes do not pair up (write a key holding a comma as "like, this")`,
      });
      return;
    }
    const [first = '', ...rest] = fields.map(normaliseKey);
    const keys = rest.filter((key) => key.length > 0);
    if (first === '' && keys.length === 0) return;
    if (line === 1 && HEADER.test(first)) return;
    if (!uuid.safeParse(first).success) {
      unparsable.push({
        line,
        reason: 'not_an_order',
        message: `Line ${line}: "${clip(first)}" is not an order id`,
      });
      return;
    }
    if (keys.length === 0) {
      unparsable.push({
        line,
        reason: 'no_key',
        message: `Line ${line}: no key follows the order id`,
      });
      return;
    }
    const orderId = first.toLowerCase();
    const order = byId.get(orderId) ?? { orderId, keys: [], lines: [] };
    order.keys.push(...keys);
    order.lines.push(line);
    byId.set(orderId, order);
  });
  return { orders: [...byId.values()], unparsable };
}

/** A line's fields, or undefined when its quoting is broken. */
function fieldsOf(text: string): string[] | undefined {
  if (!text.includes('"')) return text.split(',');
  try {
    const records: string[][] = parse(text, { relax_column_count: true, trim: true });
    return records[0] ?? [];
  } catch {
    return undefined;
  }
}

function clip(text: string) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
