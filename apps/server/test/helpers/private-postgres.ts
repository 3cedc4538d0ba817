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
  /** tmpfs mount points made by mountTmpfs, unmounted by dispose. */
  private readonly mounts: string[] = [];

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

  /**
   * True when this process can mount a tmpfs: it runs as root and the kernel or container lets it
   * (a probe is mounted and unmounted at once).
   */
  static tmpfsMountable(): boolean {
    if (process.getuid?.() !== 0) return false;
    const probe = mkdtempSync(path.join(tmpdir(), 'km-tmpfs-probe-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
      execFileSync('umount', [probe], { stdio: 'pipe' });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { recursive: true, force: true });
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

  /**
   * A small tmpfs of `size` (mount's syntax, e.g. "1m") owned by the server's user, empty, for a
   * tablespace whose disk can be filled. Root only (see tmpfsMountable). The server keeps files
   * there open, so it stays mounted until dispose() has stopped the server.
   */
  mountTmpfs(size: string): string {
    const mountPoint = mkdtempSync(path.join(tmpdir(), 'km-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
    this.mounts.push(mountPoint);
    execFileSync('chown', ['postgres:postgres', mountPoint], { stdio: 'pipe' });
    return mountPoint;
  }

  dispose(): void {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    const stillMounted: string[] = [];
    for (const mountPoint of this.mounts.splice(0)) {
      if (unmount(mountPoint)) rmSync(mountPoint, { recursive: true, force: true });
      else stillMounted.push(mountPoint);
    }
    rmSync(this.directory, { recursive: true, force: true });
    if (stillMounted.length) throw new Error(`could not unmount ${stillMounted.join(', ')}`);
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

/** Unmounts `mountPoint`, detaching it lazily if still busy; false if neither worked. */
function unmount(mountPoint: string): boolean {
  for (const args of [[mountPoint], ['-l', mountPoint]]) {
    try {
      execFileSync('umount', args, { stdio: 'pipe' });
      return true;
    } catch {
      // try the next way
    }
  }
  return false;
}
