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
import { newApiKey, storedFormOf } from './api-key-secret';
import {
  countActiveApiKeys,
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
  constructor(private readonly db: Database) {}

  /** The whole key is in this answer and nowhere else, ever: only its hash is kept. */
  async create(caller: AuthContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const key = newApiKey();
    const row = await this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, caller.userId);
      if ((await countActiveApiKeys(tx, caller.userId)) >= API_KEYS_ACTIVE_MAX) {
        throw new AppError('conflict', messages.apiKeysLimit);
      }
      const inserted = await insertApiKey(tx, {
        userId: caller.userId,
        name: input.name,
        allowedIps: input.allowedIps ?? [],
        ...storedFormOf(key),
      });
      // What names the key, never the key or its hash: the audit log is read by administrators.
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: inserted.id,
        after: auditedFields(inserted),
      });
      return inserted;
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
    return apiKeyView(updated);
  }

  /**
   * Takes effect on every instance once answered: the gate reads the key's row on every call
   * (api-key-gate.ts).
   */
  async revoke(caller: AuthContext, id: string): Promise<ApiKey> {
    const revoked = await this.db.transaction(async (tx) => {
      // Locked, so that two revocations at once audit one revocation, not two.
      const existing = assertMayManageApiKey(caller, await lockApiKey(tx, id));
      if (existing.revokedAt) return existing;
      const row = await revokeApiKey(tx, id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'api_key.revoked',
        targetType: 'api_key',
        targetId: id,
        before: { ...auditedFields(existing), revokedAt: null },
        after: { ...auditedFields(row), revokedAt: row.revokedAt?.toISOString() ?? null },
      });
      return row;
    });
    return apiKeyView(revoked);
  }
}

/** A key as its audit rows show it: what tells it apart, and nothing that opens it. */
function auditedFields(row: ApiKeyRow) {
  return { name: row.name, prefix: row.prefix, allowedIps: row.allowedIps };
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
