// The Node.js flags the server runs with: `npm start` (scripts/start.mjs) and the benchmarks
// (bench/server.ts) start it with the same ones, so that what is measured is what runs.
export const SERVER_NODE_FLAGS = [
  // Stack traces in the logs point into the TypeScript sources, not the bundle.
  '--enable-source-maps',
  // A young generation of 64 MB semi-spaces instead of V8's 16 MB: under load every request in
  // flight (64 at a time in the benchmarks) is still alive at each scavenge, so small semi-spaces
  // scavenge often, copy the same live requests each time and promote them to the old generation.
  // Four times fewer scavenges, less promotion, shorter stalls of the event loop, for ~100 MB
  // more memory (docs/decisions.md, "Server process: V8's young generation").
  '--max-semi-space-size=64',
];
