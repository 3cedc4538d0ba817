import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball: every test file's database starts from it. */
    pgliteTemplate: string;
  }
}

/**
 * On PGlite, migrates one database for the whole run and keeps its dump, so that each test file's
 * own database starts from it in about a second instead of running initdb and every migration
 * (ten seconds or more a file on the 2-core CI machine). On PostgreSQL nothing: each file creates
 * and migrates a database of its own (test/helpers/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const template = await openDatabase({ kind: 'pglite' });
  const dump = await template.dump!();
  await template.close();
  const directory = mkdtempSync(path.join(tmpdir(), 'keymarket-pglite-template-'));
  const file = path.join(directory, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
