import http from 'node:http';
import type { LoadResult } from './load';

/**
 * Closed-loop GETs on keep-alive connections, each answer's body read and dropped, for answers
 * of a megabyte and more (the whole-catalogue product list).
 *
 * autocannon (load.ts) keeps every answer's body as a string (its request queue appends each
 * chunk to `body`), which for a 1.1 MB gzip answer is ~20 ms of the load generator's CPU: with
 * four clients of the product list that took 75-95 % of a CPU in the benchmark's own process,
 * which also places the orders, so it measured itself (list median and p99) and held the orders
 * under 200 a second (bench/results/products.md, "Under steady sales"). A browser or a proxy does nothing of the
 * kind. The figures have the same shape as load.ts's.
 */
export interface GetLoadOptions {
  url: string;
  /** One cookie per signed-in user; connection i sends cookies[i % length]. */
  cookies: readonly string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export async function getLoad(options: GetLoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const failures: string[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;

  const one = (cookie: string | undefined) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const request = http.get(
        options.url,
        { agent, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } },
        (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const kept: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (!ok && failures.length < 5) kept.push(chunk);
          });
          response.on('end', () => {
            latencies.push(performance.now() - sent);
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (kept.length)
              failures.push(`${status} ${Buffer.concat(kept).toString().slice(0, 300)}`);
            resolve();
          });
          response.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        setTimeout(resolve, 10);
      });
    });

  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      const cookie = options.cookies[i % options.cookies.length];
      while (performance.now() < end) await one(cookie);
    }),
  );
  agent.destroy();

  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
  const count = (from: number, to: number) =>
    Object.entries(statusCodes)
      .filter(([code]) => Number(code) >= from && Number(code) < to)
      .reduce((total, [, n]) => total + n, 0);
  const ok = count(200, 300);
  return {
    seconds,
    requests: latencies.length,
    ok,
    okPerSecond: ok / seconds,
    medianMs: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    non2xx: latencies.length - ok,
    errors,
    timeouts: 0,
    statusCodes,
    failures,
  };
}
