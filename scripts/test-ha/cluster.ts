import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database side of `npm run test:ha`, all on loopback in one temporary directory: etcd, two
 * Patroni nodes (each running its PostgreSQL) and HAProxy, from Debian's packages. Every process
 * is started in a process group of its own, so `stopAll` ends it with whatever it started.
 */

export const HOST = '127.0.0.1';
export const PORTS = {
  etcdClient: 12379,
  etcdPeer: 12380,
  postgres: [15432, 15433],
  patroniRest: [18008, 18009],
  haproxyWrite: 15000,
  haproxyRead: 15001,
};
export const NODE_NAMES = ['node1', 'node2'];

const templates = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` settled within `ms`; the timer does not outlive it. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until it answers something other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const found = await check();
      if (found !== undefined) return found;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`,
  );
}

/** Fails early, with the port's name, when something else already listens there. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} on ${HOST} is taken`)));
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

function fill(template: string, values: Record<string, string | number>): string {
  return readFileSync(path.join(templates, template), 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => {
      if (!(name in values)) throw new Error(`${template}: no value for {{${name}}}`);
      return String(values[name]);
    },
  );
}

interface Started {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** The PostgreSQL user: PostgreSQL refuses to run as root. */
function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid)
    throw new Error('running as root, and there is no postgres user to run PostgreSQL');
  return { uid: Number(uid), gid: Number(gid) };
}

export class HaCluster {
  private readonly processes: Started[] = [];
  private readonly postgresUser = postgresIds();
  readonly binDir: string;

  constructor(readonly directory: string) {
    const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
    if (!version) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql is empty)');
    this.binDir = `/usr/lib/postgresql/${version}/bin`;
  }

  get writeUrl(): string {
    return `postgres://postgres@${HOST}:${PORTS.haproxyWrite}/postgres`;
  }

  get readUrl(): string {
    return `postgres://postgres@${HOST}:${PORTS.haproxyRead}/postgres`;
  }

  logOf(name: string): string {
    return path.join(this.directory, `${name}.log`);
  }

  /** Starts `command` in a process group of its own, its output in `<name>.log`. */
  start(
    name: string,
    command: string,
    args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
  ): ChildProcess {
    const log = createWriteStream(this.logOf(name));
    const child = spawn(command, args, {
      detached: true,
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    this.processes.push({ name, child, exited });
    return child;
  }

  async startEtcd(): Promise<void> {
    const dataDir = path.join(this.directory, 'etcd');
    const peer = `http://${HOST}:${PORTS.etcdPeer}`;
    const client = `http://${HOST}:${PORTS.etcdClient}`;
    this.start('etcd', 'etcd', [
      '--name=km-ha',
      `--data-dir=${dataDir}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=km-ha=${peer}`,
      '--initial-cluster-state=new',
      '--listen-metrics-urls=',
    ]);
    await waitFor('etcd', 30_000, async () => {
      const response = await fetch(`${client}/health`);
      return response.ok ? true : undefined;
    });
  }

  patroniConfig(index: number): string {
    const name = NODE_NAMES[index]!;
    const nodeDir = path.join(this.directory, name);
    mkdirSync(nodeDir, { recursive: true });
    chmodSync(nodeDir, 0o700);
    const config = fill('patroni.yml.in', {
      name,
      host: HOST,
      restPort: PORTS.patroniRest[index]!,
      pgPort: PORTS.postgres[index]!,
      etcdHosts: `${HOST}:${PORTS.etcdClient}`,
      // Short, so a lost primary is replaced in seconds: loop_wait + 2 × retry_timeout ≤ ttl.
      ttl: 10,
      loopWait: 1,
      retryTimeout: 4,
      maxConnections: 200,
      // Nothing here must survive the machine: the WAL is not forced to disk (a killed
      // PostgreSQL loses nothing the kernel already holds, which is what this test kills).
      extraParameters: "        fsync: 'off'\n        full_page_writes: 'on'",
      dataDir: path.join(nodeDir, 'data'),
      binDir: this.binDir,
      pgpass: path.join(nodeDir, 'pgpass'),
      socketDir: nodeDir,
      superuserPassword: 'ha-superuser',
      replicationPassword: 'ha-replicator',
      rewindPassword: 'ha-rewinder',
      hbaLines: [
        `    - host replication replicator ${HOST}/32 trust`,
        `    - host all all ${HOST}/32 trust`,
      ].join('\n'),
    });
    const file = path.join(nodeDir, 'patroni.yml');
    writeFileSync(file, config);
    if (this.postgresUser) {
      chownSync(nodeDir, this.postgresUser.uid, this.postgresUser.gid);
      chownSync(file, this.postgresUser.uid, this.postgresUser.gid);
    }
    return file;
  }

  /** Patroni for node `index`, as the postgres user when this process is root. */
  startPatroni(index: number): void {
    const config = this.patroniConfig(index);
    const name = NODE_NAMES[index]!;
    if (this.postgresUser) this.start(name, 'runuser', ['-u', 'postgres', '--', 'patroni', config]);
    else this.start(name, 'patroni', [config]);
  }

  startHaproxy(): void {
    const servers = (check: string) =>
      NODE_NAMES.map(
        (name, i) =>
          `  server ${name} ${HOST}:${PORTS.postgres[i]} maxconn 300 check port ${PORTS.patroniRest[i]}${check}`,
      ).join('\n');
    const config = fill('haproxy.cfg', {
      host: HOST,
      writePort: PORTS.haproxyWrite,
      readPort: PORTS.haproxyRead,
      primaryServers: servers(''),
      replicaServers: servers(''),
    });
    const file = path.join(this.directory, 'haproxy.cfg');
    writeFileSync(file, config);
    // -db: in the foreground, no daemon, so its process group ends it.
    this.start('haproxy', 'haproxy', ['-db', '-f', file]);
  }

  /** Patroni's view of the cluster (GET /cluster on any node that answers). */
  async members(): Promise<ClusterMember[]> {
    for (const port of PORTS.patroniRest) {
      try {
        const response = await fetch(`http://${HOST}:${port}/cluster`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return ((await response.json()) as { members: ClusterMember[] }).members;
      } catch {
        // that node's Patroni is not answering; ask the other
      }
    }
    throw new Error('no Patroni node answers /cluster');
  }

  async leader(): Promise<ClusterMember | undefined> {
    return (await this.members()).find(
      (member) => member.role === 'leader' && member.state === 'running',
    );
  }

  /** The other member, once it streams from the leader as the synchronous standby. */
  async syncStandby(): Promise<ClusterMember | undefined> {
    return (await this.members()).find(
      (member) => member.role === 'sync_standby' && ['running', 'streaming'].includes(member.state),
    );
  }

  /** SIGKILL to node `name`'s postmaster (its pid from postmaster.pid): no shutdown at all. */
  killPostmaster(name: string): number {
    const pid = this.postmasterPid(name);
    if (!pid) throw new Error(`${name} has no running postmaster`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  private postmasterPid(name: string): number | undefined {
    const file = path.join(this.directory, name, 'data', 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  }

  /**
   * Ends everything, last started first: SIGTERM to each process group (Patroni stops its
   * PostgreSQL), SIGKILL to what is left after a grace period, then any postmaster still running.
   */
  async stopAll(): Promise<void> {
    const signalGroup = (started: Started, signal: NodeJS.Signals) => {
      if (started.child.pid === undefined) return;
      try {
        process.kill(-started.child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    for (const started of [...this.processes].reverse()) {
      signalGroup(started, 'SIGTERM');
      const graceful = await within(started.exited, 15_000);
      signalGroup(started, 'SIGKILL');
      if (!graceful) await within(started.exited, 5000);
    }
    for (const name of NODE_NAMES) {
      const pid = this.postmasterPid(name);
      if (!pid) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // not running
      }
    }
  }
}

export interface ClusterMember {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | 'standby_leader';
  state: string;
  host: string;
  port: number;
  lag?: number | string;
}
