import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * A throw-away PostgreSQL cluster of the test's own, on its own port, so a test can stop and
 * start the database server under load without disturbing anyone else using the machine's one.
 * Runs as the `postgres` user when the test runs as root (PostgreSQL refuses root).
 */
export class PrivatePostgres {
  private constructor(
    readonly directory: string,
    readonly port: number,
    private readonly binaries: string,
  ) {}

  static available(): boolean {
    try {
      return readdirSync('/usr/lib/postgresql').length > 0;
    } catch {
      return false;
    }
  }

  static async create(): Promise<PrivatePostgres> {
    const version = readdirSync('/usr/lib/postgresql').sort().at(-1)!;
    const directory = mkdtempSync(path.join(tmpdir(), 'km-pg-'));
    chmodSync(directory, 0o777);
    const cluster = new PrivatePostgres(
      directory,
      await freePort(),
      `/usr/lib/postgresql/${version}/bin`,
    );
    cluster.run('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.directory, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      `${this.directory}/log`,
      '-w',
      'start',
    ]);
  }

  /** Fast shutdown: open connections are cut, as in a crash or failover of the server. */
  stop(): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  dispose(): void {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(this.directory, { recursive: true, force: true });
  }

  private run(tool: string, args: string[]): void {
    const command = path.join(this.binaries, tool);
    if (process.getuid?.() === 0) {
      execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    } else {
      execFileSync(command, args, { stdio: 'pipe' });
    }
  }
}
