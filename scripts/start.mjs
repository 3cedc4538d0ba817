// npm start: build whatever is missing (web app, server bundle), then run the server, which
// migrates the database and creates the first admin on its own.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const steps = [
  ['apps/web/dist/index.html', '@keymarket/web'],
  ['apps/server/dist/main.js', '@keymarket/server'],
];
for (const [artifact, workspace] of steps) {
  if (existsSync(artifact)) continue;
  console.log(`Building ${workspace} (${artifact} is missing)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
