import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup';

/** A lookup over `table` that records the keys of each query it was asked to run. */
function recordingLookup(
  table: Record<string, number>,
  fail?: (keys: readonly string[]) => boolean,
) {
  const queries: string[][] = [];
  const lookup = batchedLookup<string, number>(async (keys) => {
    queries.push([...keys]);
    if (fail?.(keys)) throw new Error('database unavailable');
    return new Map(keys.flatMap((k) => (k in table ? [[k, table[k]!] as const] : [])));
  });
  return { lookup, queries };
}

describe('batchedLookup', () => {
  it('answers the calls of one turn of the event loop with one query, each with its own value', async () => {
    const { lookup, queries } = recordingLookup({ a: 1, b: 2 });
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('missing'), lookup('a')]);
    expect(answers).toEqual([1, 2, undefined, 1]);
    expect(queries).toHaveLength(1);
  });

  it('gathers calls made from separate callbacks of the same turn', async () => {
    const { lookup, queries } = recordingLookup({ a: 1, b: 2 });
    // Two I/O-like callbacks: each settles its microtasks before the next runs.
    const first = new Promise((resolve) => setImmediate(() => resolve(lookup('a'))));
    const second = new Promise((resolve) => setImmediate(() => resolve(lookup('b'))));
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(queries).toEqual([['a', 'b']]);
  });

  it('reads afresh on every call: nothing is remembered between turns', async () => {
    const table: Record<string, number> = { a: 1 };
    const { lookup, queries } = recordingLookup(table);
    expect(await lookup('a')).toBe(1);
    table.a = 2;
    expect(await lookup('a')).toBe(2);
    expect(queries).toHaveLength(2);
  });

  it('fails the calls of a failed query, and only those', async () => {
    const { lookup, queries } = recordingLookup({ a: 1, b: 2 }, (keys) => keys.includes('a'));
    const failing = Promise.allSettled([lookup('a'), lookup('b')]);
    await new Promise((resolve) => setImmediate(resolve)); // the first batch has gone out
    const next = lookup('b');
    expect((await failing).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await next).toBe(2);
    expect(queries).toEqual([['a', 'b'], ['b']]);
  });
});
