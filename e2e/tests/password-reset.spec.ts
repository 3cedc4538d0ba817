import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ADMIN } from '../playwright.config';
import { createUser, type TestUser } from './support/api';
import { expect, test } from './support/fixtures';

/*
 * The shared server runs without SMTP_URL (the reset link is hidden there). This spec starts a
 * second server process of its own, on its own port and database, with SMTP_URL pointing at an
 * SMTP server it starts too, and reads the emailed link from what that server received.
 */
const PORT = Number(process.env.E2E_PORT ?? 3310) + 1000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WEB_DIST = process.env.E2E_WEB_DIST ?? '../apps/web/dist';
const NEW_PASSWORD = 'N3w-E2e-Passw0rd!';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let dataDir: string;

async function waitForReady() {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 280_000) throw new Error('The email server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function emailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect
    .poll(() => received.filter((m) => JSON.stringify(m.to).includes(address)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  return received.filter((m) => JSON.stringify(m.to).includes(address));
}

test.beforeAll(async () => {
  // A fresh database and its migrations: minutes on a loaded machine.
  test.setTimeout(300_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const smtpPort = typeof address === 'object' && address ? address.port : 0;
  dataDir = mkdtempSync(join(tmpdir(), `keymarket-e2e-email-${PORT}-`));
  cpSync(WEB_DIST, join(dataDir, 'web'), { recursive: true });
  server = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      WEB_DIST_DIR: join(dataDir, 'web'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      INVITATION_RATE_LIMIT: '1000',
      OUTBOX_POLL_INTERVAL_MS: '200',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'Keymarket <no-reply@keymarket.test>',
      PUBLIC_URL: ORIGIN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForReady();
});

test.afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  server?.kill('SIGTERM');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await new Promise((resolve) => server?.once('exit', resolve));
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a forgotten password is reset from the emailed link, and the old sessions end', async ({
  browser,
}) => {
  const admin = await request.newContext({ baseURL: ORIGIN });
  await admin.post('/api/auth/login', {
    data: { identifier: ADMIN.username, password: ADMIN.password },
  });
  const user: TestUser = await createUser(ORIGIN, admin, 'reseller', 'reset');
  // A session opened before the reset, which the reset must end.
  const before = await request.newContext({ baseURL: ORIGIN });
  await before.post('/api/auth/login', {
    data: { identifier: user.username, password: user.password },
  });
  expect((await before.get('/api/users/me')).status()).toBe(200);

  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // On a busy machine the lazily loaded page can render its form again after a first fill (its
  // texts arrive), emptying the field: fill and send until the confirmation shows.
  const sent = page.getByRole('heading', { name: 'Check your email' });
  await expect(async () => {
    if (await sent.isVisible()) return;
    await page.getByLabel('Username or email').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(sent).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });

  const [mail] = await emailsTo(user.email, 1);
  expect(mail!.subject).toContain('Reset your password');
  const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail!.text ?? '')?.[1];
  expect(link, mail!.text).toBeTruthy();
  expect(link!.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);

  await page.goto(link!);
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();

  expect((await before.get('/api/users/me')).status()).toBe(401);
  const mails = await emailsTo(user.email, 2);
  expect(mails[1]!.subject).toContain('Your password was changed');

  // The link is spent.
  await page.goto(link!);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();

  // And the new password signs in.
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/reseller\//);

  await context.close();
  await before.dispose();
  await admin.dispose();
});
