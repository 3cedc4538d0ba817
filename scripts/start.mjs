// npm start: build the web app and the server bundle (a few seconds; never a stale bundle after
// a pull), then run the server, which migrates the database and creates the first admin itself.
import { spawn, spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

for (const workspace of ['@keymarket/web', '@keymarket/server']) {
  console.log(`Building ${workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
