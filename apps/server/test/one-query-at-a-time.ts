/*
 * A PostgreSQL connection runs one query at a time. pg 8 queues a second query sent while one
 * is running (and warns, once a process); pg 9 will refuse it. A transaction is one connection,
 * so `Promise.all` over queries on a `tx` is such a second query: each test fails when its code
 * sent one, naming the test, so it is found here rather than by the upgrade. (On a pool, each
 * query takes a connection of its own and this never fires; PGlite has no `pg.Client`.)
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

// pg's own fields: `activeQuery` is a getter that pg 8 deprecates (it warns when read).
type QueryState = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };

// A worker runs this before each of its files but keeps its modules (isolate: false), so `pg`
// is patched once and the list of findings is the worker's.
const PATCHED = Symbol.for('keymarket.oneQueryAtATime');
const shared = globalThis as { [PATCHED]?: string[] };
const sentWhileBusy = (shared[PATCHED] ??= patchPg());

function patchPg(): string[] {
  const found: string[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the client as this
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & QueryState, ...args: unknown[]) {
    const busy = Boolean(this._activeQuery) || (this._queryQueue?.length ?? 0) > 0;
    if (busy && !this.pipeline) {
      const text =
        typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      const { testPath, currentTestName } = expect.getState();
      found.push(`${testPath ?? ''} › ${currentTestName ?? '(outside a test)'}: ${text}`);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return found;
}

function failOnFindings() {
  const found = sentWhileBusy.splice(0);
  if (found.length > 0) {
    throw new Error(
      `A query was sent on a connection still running another (Promise.all on a transaction?):\n${found.join('\n')}`,
    );
  }
}

// Findings left by an earlier file of the worker were reported there (its afterAll below).
beforeAll(() => void sentWhileBusy.splice(0));
afterEach(failOnFindings);
// A file's own hooks (its fixtures, its closing) run outside its tests: reported with the file.
afterAll(failOnFindings);
