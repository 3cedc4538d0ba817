import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Independent reads, side by side on the pool (each takes a connection of its own), one after
 * another in a transaction: a transaction is one connection, which runs one query at a time
 * (pg 8 queues a second sent meanwhile and warns; pg 9 refuses it). The reads are functions so
 * that none starts before its turn.
 */
export async function sideBySide<T extends unknown[]>(
  db: Executor,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
