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
 * Entries of the two memos below: the active keys of a busy platform, bounded so that random
 * keys cannot grow them. Neither holds anything that says whether a key may be used.
 */
const MEMO_MAX = 10_000;

const MISSING_KEY =
  'Send your API key in the Authorization header: Authorization: Bearer km_… (cookies are not read under /api/v1)';
const UNKNOWN_KEY = 'This API key is not valid or has been revoked';
const elsewhere = (ip: string) =>
  `This API key may not be used from ${ip}: add the address to the key's allowed addresses`;

/**
 * The /api/v1 counterpart of the session gate: finds the key by its hash and checks the live
 * state behind it (revoked, the owner's status, role and two-factor state) on every call, so a
 * revocation, a ban or a suspension made on any instance is refused on every instance once its
 * request has been answered. Then the key's owner is the caller, exactly as a signed-in user is
 * (AuthContext), and the key's calls are counted against its per-minute limit.
 *
 * The row is read afresh for each call and never kept: a row kept for even a second let a revoked
 * key, or a banned owner's, place orders on another instance for that second (found in review;
 * no instance can know at once what another changed without a message bus, and PGlite has none).
 * The lookup is cheap: one indexed statement on the batched reads' own pool, shared by every
 * call of an event-loop turn (`batchedLookup`), as the session check is. That pool is the
 * primary's, never a replica's: a copy even a moment behind would still show the key alive.
 */
export class ApiKeyGate {
  private readonly keyOf;
  private readonly markUsed;
  /**
   * When this instance last wrote a key's `last_used_at`, so that a busy key's calls skip the
   * write (the database's copy is only as fresh as the row just read).
   */
  private readonly lastMarked = new LRUCache<string, number>({ max: MEMO_MAX });
  /** `allowedIps` as a check, by the list's text: a key's list is rarely changed, read often. */
  private readonly addressRules = new LRUCache<string, (ip: string) => boolean>({ max: MEMO_MAX });

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
    const row = await this.keyOf(storedFormOf(key).secretHash);
    if (!row || row.revokedAt) throw new AppError('unauthorized', UNKNOWN_KEY);
    // Before the owner's standing (a caller elsewhere learns nothing of a ban or its reason) and
    // before the rate limit (a leaked key used elsewhere spends none of its owner's calls).
    if (!this.addressRuleOf(row.allowedIps)(ip)) throw new AppError('forbidden', elsewhere(ip));
    // As at sign-in: a banned owner learns why.
    assertCanSignIn(row.status, row.banReason);
    const standing = await this.rateLimits.take(
      API_RATE_LIMIT_NAME,
      row.id,
      (seconds) =>
        `Too many requests with this API key. Please try again in ${seconds} second${seconds > 1 ? 's' : ''}.`,
    );
    await this.noteUse(row);
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

  private addressRuleOf(allowed: readonly string[]): (ip: string) => boolean {
    const text = allowed.join(' ');
    let rule = this.addressRules.get(text);
    if (!rule) this.addressRules.set(text, (rule = addressRule(allowed)));
    return rule;
  }

  private async noteUse(row: KeyRow): Promise<void> {
    const now = Date.now();
    const last = Math.max(row.lastUsedAt?.getTime() ?? 0, this.lastMarked.get(row.id) ?? 0);
    if (now - last <= LAST_USED_RESOLUTION_MS) return;
    this.lastMarked.set(row.id, now);
    await this.markUsed(row.id);
  }
}

interface KeyRow {
  id: string;
  secretHash: string;
  userId: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  allowedIps: string[];
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
