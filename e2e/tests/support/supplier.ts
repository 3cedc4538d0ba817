import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN } from '../../playwright.config';

const WEB_DIST = process.env.E2E_WEB_DIST ?? '../apps/web/dist';

/**
 * A second Keymarket for the supply specs (DESIGN.md §14): the shared server is the downstream,
 * and this one, on `E2E_PORT + offset` with its own throw-away PGlite directory, its supplier,
 * both on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE_URLS lets a supplier's address be http on loopback).
 * Its administrator is the same as the shared server's (`ADMIN`).
 */
export class Supplier {
  private constructor(
    readonly url: string,
    private readonly server: ChildProcess,
    private readonly dataDir: string,
  ) {}

  static async start(offset: number): Promise<Supplier> {
    const port = Number(process.env.E2E_PORT ?? 3310) + offset;
    const url = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), `keymarket-e2e-upstream-${port}-`));
    cpSync(WEB_DIST, join(dataDir, 'web'), { recursive: true });
    const server = spawn('node', ['../apps/server/dist/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, 'data'),
        WEB_DIST_DIR: join(dataDir, 'web'),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        REGISTER_RATE_LIMIT: '1000',
        INVITATION_RATE_LIMIT: '1000',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        // The events it sends the downstream go out at once.
        OUTBOX_POLL_INTERVAL_MS: '200',
        PUBLIC_URL: url,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const supplier = new Supplier(url, server, dataDir);
    await supplier.waitForReady();
    return supplier;
  }

  private async waitForReady() {
    const started = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${this.url}/api/ready`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() - started > 280_000) throw new Error('The supplier server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop() {
    this.server.kill('SIGTERM');
    await new Promise((resolve) => this.server.once('exit', resolve));
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
