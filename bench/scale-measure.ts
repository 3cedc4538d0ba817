import { readFileSync } from 'node:fs';
import http from 'node:http';
import { load, type LoadResult } from './load';
import { percentile } from './report';

/** How the scale benchmark times a read call, and samples the server's memory. */

export interface MeasureOptions {
  requests: number;
  readSeconds: number;
  readConnections: number;
}

/** A sequential run stops after this long even short of `requests` (at least 3 requests). */
const SEQUENTIAL_BUDGET_MS = 15_000;
const log = (line: string) => console.log(line);

export interface CallResult {
  name: string;
  firstMs: number;
  bytes: number;
  sequential: { requests: number; medianMs: number; p99Ms: number };
  concurrent: LoadResult;
}

/** One GET to its last byte, gzip accepted and not inflated (the server's time, not ours). */
export function timedGet(url: string, cookie: string) {
  return new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(url, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      let body = '';
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (res.statusCode !== 200 && body.length < 500) body += chunk.toString();
      });
      res.on('error', reject);
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ ms: performance.now() - t0, bytes })
          : reject(new Error(`GET ${url} answered ${res.statusCode}: ${body}`)),
      );
    });
    request.on('error', reject);
  });
}

/** Resident memory of the server, sampled every 100 ms, by phase. */
export function rssSampler(pid: number) {
  const samples = new Map<string, number[]>();
  let phase = 'idle';
  const sample = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (Number.isFinite(kb)) samples.set(phase, [...(samples.get(phase) ?? []), kb / 1024]);
    } catch {
      // The server exited: nothing more to sample.
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  const of = (name: string) => [...(samples.get(name) ?? [])].sort((a, b) => a - b);
  return {
    phase: (name: string) => {
      phase = name;
      sample();
    },
    stop: () => clearInterval(timer),
    peak: (name: string) => Math.max(...of(name)),
    median: (name: string) => percentile(of(name), 50),
  };
}

export async function measureCall(
  name: string,
  url: string,
  cookie: string,
  options: MeasureOptions,
): Promise<CallResult> {
  const first = await timedGet(url, cookie);
  const times: number[] = [];
  const t0 = performance.now();
  while (
    times.length < options.requests &&
    (times.length < 3 || performance.now() - t0 < SEQUENTIAL_BUDGET_MS)
  ) {
    times.push((await timedGet(url, cookie)).ms);
  }
  times.sort((a, b) => a - b);
  const concurrent = await load({
    url,
    method: 'GET',
    cookies: [cookie],
    headers: { 'accept-encoding': 'gzip' },
    connections: options.readConnections,
    seconds: options.readSeconds,
  });
  const result = {
    name,
    firstMs: first.ms,
    bytes: first.bytes,
    sequential: {
      requests: times.length,
      medianMs: percentile(times, 50),
      p99Ms: percentile(times, 99),
    },
    concurrent,
  };
  log(
    `  ${name}: first ${Math.round(first.ms)} ms, median ${result.sequential.medianMs.toFixed(1)} ` +
      `/ p99 ${result.sequential.p99Ms.toFixed(1)} ms; ${options.readConnections} conns ` +
      `${concurrent.okPerSecond.toFixed(1)}/s, ${concurrent.medianMs} / ${concurrent.p99Ms} ms` +
      (concurrent.non2xx ? `, ${concurrent.non2xx} non-2xx: ${concurrent.failures[0]}` : ''),
  );
  return result;
}
