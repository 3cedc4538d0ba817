import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CreatedApiKey } from '@keymarket/contracts/integration';
import type { App } from '../../src/app';
import type { SignedInUser } from './factory';

/** POST /api/api-keys as `user`. */
export function createKeyResponse(user: SignedInUser, payload: unknown = { name: 'My shop' }) {
  return user.inject({ method: 'POST', url: '/api/api-keys', payload: payload as object });
}

/** A key that must be created (201). */
export async function createdKey(user: SignedInUser, name = 'My shop'): Promise<CreatedApiKey> {
  const response = await createKeyResponse(user, { name });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.body}`);
  return response.json<CreatedApiKey>();
}

export interface KeyClient {
  key: string;
  /** app.inject with `Authorization: Bearer <key>`. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function keyClient(app: App, key: string): KeyClient {
  return {
    key,
    inject: (options) =>
      app.inject({
        ...options,
        headers: { authorization: `Bearer ${key}`, ...(options.headers ?? {}) },
      }),
  };
}

/** A new key of `user`, ready to call /api/v1. */
export async function keyOf(app: App, user: SignedInUser): Promise<KeyClient> {
  return keyClient(app, (await createdKey(user)).key);
}
