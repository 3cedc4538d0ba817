import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET, TEST_KEYS_SECRET } from './test-app';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real server (src/main.ts through tsx) as a separate process, as it runs in production:
 * its own pool, its own memory, its own rate limiter. Several of them on one database are the
 * scale-out set-up of docs/operations.md.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'km-process-'));

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string>): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), env);
    await server.start();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What the process printed (for failure messages). */
  get log(): string {
    return this.output;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        KEYS_SECRET: TEST_KEYS_SECRET,
        ADMIN_PASSWORD: 'Process-Admin-Passw0rd!',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: this.dataDir, // no SPA needed
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await this.waitUntilReady();
  }

  // A first start compiles the server (tsx): minutes on a loaded two-core machine.
  private async waitUntilReady(timeoutMs = 180_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null) {
        throw new Error(`server exited with ${this.child?.exitCode}:\n${this.output}`);
      }
      const ready = await fetch(`${this.url}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server not ready after ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight transactions are cut where they stand. */
  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The fields of API answers these tests read (an order, a user, or the error envelope). */
export interface ApiBody {
  statusCode?: number;
  message?: { type: string; text: string };
  responseKeys?: string[];
  username?: string;
}

/** A signed-in client of one or several server processes, carrying its cookies by hand. */
export class HttpSession {
  cookies = new Map<string, string>();

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: ApiBody }> {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as ApiBody };
  }

  static async signIn(server: ServerProcess, identifier: string, password: string) {
    const session = new HttpSession();
    const answer = await session.request(server, 'POST', '/api/auth/login', {
      identifier,
      password,
    });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
    return session;
  }
}

/** Runs `tasks` with at most `concurrency` in flight; settles all, never rejects. */
export async function runConcurrently<T>(
  tasks: Array<() => Promise<T>>,
  concurrency: number,
): Promise<PromiseSettledResult<T>[]> {
  const results = new Array<PromiseSettledResult<T>>(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!().then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
