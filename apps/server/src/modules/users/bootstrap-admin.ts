import { randomBytes } from 'node:crypto';
import type { Env } from '../../env';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { countAdmins, insertUser } from './users.repository';

/**
 * Creates the first admin when there is none, from ADMIN_* settings or with a generated password
 * that is printed once to the console (never to the log).
 */
export async function ensureFirstAdmin(db: Database, env: Env, print: (text: string) => void) {
  if ((await countAdmins(db)) > 0) return;
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  await insertUser(db, {
    username: env.ADMIN_USERNAME,
    firstName: 'Platform',
    lastName: 'Admin',
    email: env.ADMIN_EMAIL.toLowerCase(),
    phone: null,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  print(
    env.ADMIN_PASSWORD
      ? `\n  First admin "${env.ADMIN_USERNAME}" created with the password from ADMIN_PASSWORD.\n`
      : `\n  First admin created. Sign in as "${env.ADMIN_USERNAME}" with password: ${password}\n  (shown once; change it in Profile)\n`,
  );
}

/** Meets the signup password rules: letters, digits, an uppercase letter and a symbol. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-A7`;
}
