// The Node.js flags the server runs with: `npm start` (scripts/start.mjs) and the benchmarks
// (bench/server.ts) start it with the same ones, so that what is measured is what runs.
export const SERVER_NODE_FLAGS = [
  // Stack traces in the logs point into the TypeScript sources, not the bundle.
  '--enable-source-maps',
  // Under concurrent orders, the objects of every request in flight survive a scavenge, so V8
  // learns to allocate them straight into the old generation ("pretenuring"). The old
  // generation then fills with request garbage, and its mark-compacts stall the event loop for
  // 25–50 ms, delaying every order in flight: the orders' p99
  // (docs/adr/0050-v8-allocation-site-pretenuring-off.md).
  '--no-allocation-site-pretenuring',
  // Not `--max-semi-space-size=64`: fewer but longer scavenges raised the orders' p99
  // (docs/adr/0050-v8-allocation-site-pretenuring-off.md).
];
