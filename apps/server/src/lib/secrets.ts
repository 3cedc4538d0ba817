import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret from the environment, else one generated once and kept in DATA_DIR (mode 0600) so it
 * survives restarts. Several instances must share it: set the variable when scaling out.
 */
export function secretFromEnvOrDataDir(
  value: string | undefined,
  dataDir: string,
  fileName: string,
): string {
  if (value) return value;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
  return generated;
}
