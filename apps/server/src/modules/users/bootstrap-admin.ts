import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  const created = await db.transaction(async (tx) => {
    // Instances started together on an empty database create one first admin between them: each
    // counts the admins again under this lock, so the second counts after the first committed its
    // admin (without it, both counted none and the second died on the unique username).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-admin', 0))`);
    if ((await countAdmins(tx)) > 0) return false;
    await insertUser(tx, {
      username: env.ADMIN_USERNAME,
      firstName: 'Platform',
      lastName: 'Admin',
      email: env.ADMIN_EMAIL.toLowerCase(),
      phone: null,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    return true;
  });
  if (!created) return;
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
