import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@keymarket/contracts/users';
import type { App } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import { hashPassword } from '../../src/lib/passwords';
import { insertUser, type UserRow } from '../../src/modules/users/users.repository';

const PASSWORD = 'Passw0rd!';
let passwordHash: Promise<string> | undefined;

export interface SignedInUser {
  user: UserRow;
  cookies: string;
  /** app.inject as this user. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Test data through the real code paths: `ctx.factory.user({ role: 'manager' })`. */
export class Factory {
  constructor(
    private readonly app: App,
    private readonly database: DatabaseHandle,
  ) {}

  /** A user inserted directly (fast), optionally invited by another. Password is Passw0rd!. */
  async user(
    options: {
      role?: Role;
      invitedBy?: UserRow;
      status?: UserRow['status'];
      username?: string;
    } = {},
  ) {
    passwordHash ??= hashPassword(PASSWORD);
    const suffix = randomBytes(4).toString('hex');
    const username = options.username ?? `${options.role ?? 'reseller'}_${suffix}`;
    return insertUser(this.database.db, {
      username,
      firstName: 'Test',
      lastName: 'User',
      email: `${username.toLowerCase()}@example.test`,
      phone: '+33612345678',
      passwordHash: await passwordHash,
      role: options.role ?? 'reseller',
      status: options.status ?? 'active',
      invitedById: options.invitedBy?.id ?? null,
    });
  }

  /** Signs a user in through POST /api/auth/login and returns an injector carrying its cookies. */
  async signIn(user: UserRow): Promise<SignedInUser> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.username, password: PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    const cookies = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return {
      user,
      cookies,
      inject: (options) =>
        this.app.inject({ ...options, headers: { cookie: cookies, ...(options.headers ?? {}) } }),
    };
  }

  /** A new user of `role` (invited by `invitedBy`), signed in. */
  async signedIn(role: Role = 'reseller', invitedBy?: UserRow) {
    return this.signIn(await this.user({ role, invitedBy }));
  }
}
