import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per invariant (docs/money.md): the code that may write what each invariant is about.
 * The database functions of the migrations are owners too (`move_bucket`, `claim_keys`,
 * `place_order`); this checks the TypeScript. A new writer elsewhere fails here: move the write
 * into its owner, or call the owner.
 */
const SOURCE = join(import.meta.dirname);

const owners: { invariant: string; writes: RegExp; owners: readonly string[] }[] = [
  {
    invariant:
      'a bucket changes only with its ledger row (users.balance_cents, users.profit_cents)',
    writes:
      /update\s+users\b[^;`]*?\bset\b[^;`]*?\b(balance_cents|profit_cents)\s*=|\.set\(\{[^}]*\b(balanceCents|profitCents)\s*:/i,
    owners: ['modules/ledger/ledger.repository.ts'],
  },
  {
    invariant: 'the ledger is appended to by the bucket moves alone (ledger_entries)',
    writes:
      /insert\s+into\s+ledger_entries|\.insert\(\s*ledgerEntries\b|\.(update|delete)\(\s*ledgerEntries\b/i,
    owners: ['modules/ledger/ledger.repository.ts'],
  },
  {
    invariant: 'stock is written and read through stock.ts (product_stock_changes, products.stock)',
    writes:
      /product_stock_changes|productStockChanges|update\s+products\b[^;`]*?\bset\s+stock\s*=|\.set\(\{\s*stock\s*:/i,
    owners: ['modules/stock/stock.ts'],
  },
  {
    invariant: 'a key is sold by claim_keys alone (product_keys.order_id)',
    // Between SET and WHERE: a WHERE naming order_id reads it.
    writes:
      /update\s+product_keys\b(?:(?!\bwhere\b)[^;`])*?\bset\b(?:(?!\bwhere\b)[^;`])*?\border_id\s*=|\.update\(\s*productKeys\s*\)\s*\.set\(\{[^}]*\borderId\b/i,
    owners: [],
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'schema' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SOURCE).map((path) => ({
  path: relative(SOURCE, path),
  text: readFileSync(path, 'utf8'),
}));

describe('one owner per money invariant', () => {
  it('reads the server source', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const rule of owners) {
    it(`${rule.invariant}: written by ${rule.owners.join(', ') || 'the database functions'} only`, () => {
      const writers = files.filter((f) => rule.writes.test(f.text)).map((f) => f.path);
      expect(writers.filter((path) => !rule.owners.includes(path))).toEqual([]);
    });
  }

  it('the owners are where the rules say (a rule naming a file that no longer writes is stale)', () => {
    for (const rule of owners) {
      for (const owner of rule.owners) {
        const file = files.find((f) => f.path === owner);
        expect(file && rule.writes.test(file.text), `${owner}: ${rule.invariant}`).toBe(true);
      }
    }
  });
});
