import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load, type LoadOptions, type LoadResult } from './load';

/**
 * `load` (autocannon) in a process of its own. A scenario that drives two loads at once, the
 * product list's megabyte answers and orders alongside, would otherwise share one event loop:
 * an order's answer would wait behind the list client's reads, and the orders' latency (and so
 * their closed-loop rate) would measure the benchmark's own process, not the server.
 */
const CHILD = 'KM_BENCH_LOAD_CHILD';

/** The pids of the load processes running now, which CPU figures count as load generator. */
export const loadProcessPids = new Set<number>();

export function loadInOwnProcess(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [CHILD]: '1' },
    });
    if (child.pid !== undefined) loadProcessPids.add(child.pid);
    let result: LoadResult | undefined;
    child.once('message', (message) => (result = message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (child.pid !== undefined) loadProcessPids.delete(child.pid);
      if (result) resolve(result);
      else reject(new Error(`the load process exited (${code}) without a result`));
    });
    child.send(options);
  });
}

if (process.env[CHILD] && process.send) {
  process.once('message', (options) => {
    load(options as LoadOptions).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
