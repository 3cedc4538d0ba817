import { BlockList, isIPv4 } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { batchedLookup } from '../../lib/batched-lookup';
import type { RateLimits, RateLimitStanding } from '../../lib/rate-limiter';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { assertCanSignIn, mustSetUpTwoFactor } from '../auth/session-gate';
import { bearerKeyOf, isApiKeyShape, storedFormOf } from './api-key-secret';

/** The name of the per-key limit in RateLimits (API_RATE_LIMIT calls a minute). */
export const API_RATE_LIMIT_NAME = 'api';

/** `last_used_at` is a day-to-day hint ("used 3 minutes ago"), written at most this often. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * How long this instance trusts a key's row (the key and its owner's role and status) without
 * reading it again. A revocation, a ban, a suspension or a role change made on this instance
 * drops the row at once (`ApiKeyChanges`); one made on another instance is seen here within
 * this time (docs/decisions.md, API key lookups).
 */
export const API_KEY_CACHE_TTL_MS = 1000;
/** Rows kept: the active keys of a busy platform, bounded so random keys cannot grow it. */
const API_KEY_CACHE_MAX = 10_000;

/** What the services tell the gate, so that a change to a key or its owner applies at once here. */
export interface ApiKeyChanges {
  /** The key was revoked, or its allowed addresses changed. */
  keyChanged(keyId: string): void;
  /** The owner's status, ban reason, role or two-factor state changed. */
  ownerChanged(userId: string): void;
}

const MISSING_KEY =
  'Send your API key in the Authorization header: Authorization: Bearer km_… (cookies are not read under /api/v1)';
const UNKNOWN_KEY = 'This API key is not valid or has been revoked';
const elsewhere = (ip: string) =>
  `This API key may not be used from ${ip}: add the address to the key's allowed addresses`;

/**
 * The /api/v1 counterpart of the session gate: finds the key by its hash and checks the live
 * state behind it on every call, so a revoked key, a ban or a suspension of its owner takes
 * effect on the next call. Then the key's owner is the caller, exactly as a signed-in user is
 * (AuthContext), and the key's calls are counted against its per-minute limit.
 */
export class ApiKeyGate implements ApiKeyChanges {
  private readonly keyOf;
  private readonly markUsed;
  /** Only live keys are kept (an unknown or revoked one is read every time). */
  private readonly cache = new LRUCache<string, KeyRow>({
    max: API_KEY_CACHE_MAX,
    ttl: API_KEY_CACHE_TTL_MS,
  });
  /**
   * Bumped by every change: a lookup that started before a change may have read the row from
   * before it, so its answer is used but not kept.
   */
  private changes = 0;

  /**
   * `reads` answers the key lookups (the pool of batched reads, db/client.ts); `db` takes the
   * `last_used_at` writes, which wait for a commit and have no place on that pool.
   */
  constructor(
    reads: Database,
    db: Database,
    private readonly settings: SystemSettingsCache,
    private readonly rateLimits: RateLimits,
  ) {
    // Named, and batched like the sessions' (`batchedLookup`): every call of the API runs it.
    const keysQuery = reads
      .select({
        id: apiKeys.id,
        secretHash: apiKeys.secretHash,
        userId: apiKeys.userId,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        allowedIps: apiKeys.allowedIps,
        role: users.role,
        status: users.status,
        banReason: users.banReason,
        totpEnabledAt: users.totpEnabledAt,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(sql`${apiKeys.secretHash} = any(${sql.placeholder('hashes')}::text[])`)
      .prepare('api_key_gate');
    this.keyOf = batchedLookup(async (hashes: readonly string[]) => {
      const rows: KeyRow[] = await keysQuery.execute({ hashes });
      return new Map(rows.map((row) => [row.secretHash, row]));
    });
    // Conditional, so the calls of one burst that all saw an old time write it once.
    const touch = db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        sql`${apiKeys.id} = ${sql.placeholder('id')}::uuid and (${apiKeys.lastUsedAt} is null
          or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000}))`,
      )
      .prepare('api_key_touch');
    this.markUsed = (id: string) => touch.execute({ id });
  }

  /** `ip` is the caller's address (behind TRUST_PROXY, the forwarded one: `request.ip`). */
  async authenticate(
    authorization: string | undefined,
    ip: string,
  ): Promise<{ auth: AuthContext; standing: RateLimitStanding }> {
    const key = bearerKeyOf(authorization);
    if (key === undefined) throw new AppError('unauthorized', MISSING_KEY);
    if (!isApiKeyShape(key)) throw new AppError('unauthorized', UNKNOWN_KEY);
    const row = await this.liveRow(storedFormOf(key).secretHash);
    if (!row || row.revokedAt) throw new AppError('unauthorized', UNKNOWN_KEY);
    // Before the owner's standing (a caller elsewhere learns nothing of a ban or its reason) and
    // before the rate limit (a leaked key used elsewhere spends none of its owner's calls).
    row.allows ??= addressRule(row.allowedIps);
    if (!row.allows(ip)) throw new AppError('forbidden', elsewhere(ip));
    // As at sign-in: a banned owner learns why.
    assertCanSignIn(row.status, row.banReason);
    const standing = await this.rateLimits.take(
      API_RATE_LIMIT_NAME,
      row.id,
      (seconds) =>
        `Too many requests with this API key. Please try again in ${seconds} second${seconds > 1 ? 's' : ''}.`,
    );
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // The kept row learns it too, so its next calls do not write it again.
      row.lastUsedAt = new Date();
      await this.markUsed(row.id);
    }
    return {
      auth: {
        userId: row.userId,
        role: row.role,
        apiKeyId: row.id,
        twoFactorSetupRequired: await mustSetUpTwoFactor(row, this.settings),
      },
      standing,
    };
  }

  keyChanged(keyId: string): void {
    this.forget((row) => row.id === keyId);
  }

  ownerChanged(userId: string): void {
    this.forget((row) => row.userId === userId);
  }

  private async liveRow(secretHash: string): Promise<KeyRow | undefined> {
    const kept = this.cache.get(secretHash);
    if (kept) return kept;
    const changesBefore = this.changes;
    const row = await this.keyOf(secretHash);
    if (row && !row.revokedAt && this.changes === changesBefore) this.cache.set(secretHash, row);
    return row;
  }

  private forget(matches: (row: KeyRow) => boolean): void {
    this.changes++;
    for (const [hash, row] of this.cache.entries()) if (matches(row)) this.cache.delete(hash);
  }
}

interface KeyRow {
  id: string;
  secretHash: string;
  userId: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  allowedIps: string[];
  /** `allowedIps` as a check, built on the row's first call and kept with it. */
  allows?: (ip: string) => boolean;
  role: AuthContext['role'];
  status: 'active' | 'banned' | 'inactive';
  banReason: string | null;
  totpEnabledAt: Date | null;
}

/**
 * `allowed` (addresses and CIDR ranges, IPv4 or IPv6, as `allowedAddressSchema` takes them: never
 * IPv4-mapped) as a check of a caller's address; an empty list allows any. A caller's IPv4
 * address seen over IPv6 (`::ffff:203.0.113.7`, as a dual-stack listener sees it) is checked as
 * the IPv4 address. Each family is checked against its own entries only: `BlockList` would let
 * an IPv6 range that spans the mapped block (`::ffff:0:0/96` written as `0::ffff:0:0/96`, or
 * `::/64`) admit every IPv4 caller, which no one who typed an IPv6 range meant.
 */
export function addressRule(allowed: readonly string[]): (ip: string) => boolean {
  if (allowed.length === 0) return () => true;
  const lists = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const entry of allowed) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    try {
      if (bits === undefined) lists[family].addAddress(address, family);
      else lists[family].addSubnet(address, Number(bits), family);
    } catch {
      // The contract refuses what BlockList cannot take; a row written otherwise allows
      // nothing by that entry (closed, not open, and never a 500 on every call).
    }
  }
  return (ip) => {
    const plain = unmapped(ip);
    const family = isIPv4(plain) ? 'ipv4' : 'ipv6';
    return lists[family].check(plain, family);
  };
}

function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}
