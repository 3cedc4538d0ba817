// npm test: the contracts' and the web app's tests beside the server's (apps/server/scripts/test.mjs,
// which says what runs on which database). The web's jsdom tests used about half a core for two
// minutes, and the server's suite waits on its databases and on the processes its tests start for
// much of its time: side by side they take little more than the server's alone. The server's
// output streams as it runs; the contracts' and the web's follow it, whole.
import { spawn } from 'node:child_process';

/** Runs `npm args`; resolves to its exit code and, when `quiet`, its output. */
function npm(args, { quiet = false } = {}) {
  const child = spawn('npm', args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (quiet)
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => output.push(c));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) })),
  );
}

const clientSide = (async () => {
  const contracts = await npm(['run', 'test', '-w', '@keymarket/contracts'], { quiet: true });
  const web = await npm(['run', 'test', '-w', '@keymarket/web'], { quiet: true });
  return {
    code: contracts.code || web.code,
    output: Buffer.concat([contracts.output, web.output]),
  };
})();
const server = await npm(['run', 'test:server']);
const { code, output } = await clientSide;
const rule = '='.repeat(78);
console.log(`\n${rule}\nThe contracts and the web app, run beside the server\n${rule}\n`);
process.stdout.write(output);
process.exit(server.code || code);
