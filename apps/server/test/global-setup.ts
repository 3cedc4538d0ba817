import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball: every test file's database starts from it. */
    pgliteTemplate: string;
    /** On PostgreSQL: a migrated, empty database on DATABASE_URL's server that test files copy. */
    postgresTemplate: { serverUrl: string; name: string } | undefined;
  }
}

/**
 * Migrates one database for the whole run, so that each test file's own database starts as a
 * copy of it instead of running every migration again.
 * - PGlite: its dump, loaded by each file in about a second instead of initdb and every migration
 *   (ten seconds or more a file on the 2-core CI machine).
 * - PostgreSQL: a template database; `create database … template` copies its 10 MB in a third of
 *   a second where creating and migrating took three (test/helpers/database.ts). Ten small test
 *   files took 52 and 64 s so against 66 and 76 s migrating each (alternating runs, load 16).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return postgresTemplate(project, serverUrl);
  const template = await openDatabase({ kind: 'pglite' });
  const dump = await template.dump!();
  await template.close();
  const directory = mkdtempSync(path.join(tmpdir(), 'keymarket-pglite-template-'));
  const file = path.join(directory, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', undefined);
  return () => rmSync(directory, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `km_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
  const template = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  await template.close();
  project.provide('postgresTemplate', { serverUrl, name });
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
