import type { z } from 'zod';
import {
  API_KEYS_ACTIVE_MAX,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
  type createApiKeySchema,
  type updateApiKeySchema,
} from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMayManageApiKey } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import type { ApiKeyChanges } from './api-key-gate';
import { newApiKey, storedFormOf } from './api-key-secret';
import {
  countActiveApiKeys,
  findApiKey,
  insertApiKey,
  listApiKeys,
  lockApiKey,
  lockKeyOwner,
  revokeApiKey,
  updateApiKeyAddresses,
  type ApiKeyRow,
} from './api-keys.repository';

type CreateApiKeyInput = z.output<typeof createApiKeySchema>;
type UpdateApiKeyInput = z.output<typeof updateApiKeySchema>;

/** A user's own API keys (DESIGN.md §9), whatever its role. */
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly changes: ApiKeyChanges,
  ) {}

  /** The whole key is in this answer and nowhere else, ever: only its hash is kept. */
  async create(caller: AuthContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const key = newApiKey();
    const row = await this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, caller.userId);
      if ((await countActiveApiKeys(tx, caller.userId)) >= API_KEYS_ACTIVE_MAX) {
        throw new AppError('conflict', messages.apiKeysLimit);
      }
      return insertApiKey(tx, {
        userId: caller.userId,
        name: input.name,
        allowedIps: input.allowedIps ?? [],
        ...storedFormOf(key),
      });
    });
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      allowedIps: row.allowedIps,
      key,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(caller: AuthContext): Promise<ApiKeyList> {
    const rows = await listApiKeys(this.db, caller.userId);
    return { data: rows.map(apiKeyView) };
  }

  /**
   * The addresses the key may be used from. Takes effect as a revocation does (below); a revoked
   * key keeps what it had.
   */
  async update(caller: AuthContext, id: string, input: UpdateApiKeyInput): Promise<ApiKey> {
    const updated = await this.db.transaction(async (tx) => {
      // Locked, so that a revocation at the same moment either comes first (409) or after.
      const existing = assertMayManageApiKey(caller, await lockApiKey(tx, id));
      if (existing.revokedAt) throw new AppError('conflict', messages.apiKeyRevoked);
      const row = await updateApiKeyAddresses(tx, id, input.allowedIps);
      // Widening a key's addresses is what a thief with its owner's session would do: traced.
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'api_key.updated',
        targetType: 'api_key',
        targetId: id,
        before: { allowedIps: existing.allowedIps },
        after: { allowedIps: row.allowedIps },
      });
      return row;
    });
    this.changes.keyChanged(id);
    return apiKeyView(updated);
  }

  /**
   * Takes effect on the next call: this instance's gate forgets the key at once, the others
   * within API_KEY_CACHE_TTL_MS (api-key-gate.ts).
   */
  async revoke(caller: AuthContext, id: string): Promise<ApiKey> {
    assertMayManageApiKey(caller, await findApiKey(this.db, id));
    const revoked = await revokeApiKey(this.db, id);
    this.changes.keyChanged(id);
    return apiKeyView(revoked);
  }
}

function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    allowedIps: row.allowedIps,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
