import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@keymarket/contracts/users';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

/** How many verified tokens `AccessTokens` remembers (about 2.5 MB): one per active session. */
const VERIFIED_TOKENS = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was checked, with their claims and expiry. A client sends the same
   * token with every request for its lifetime, and jose checks the HMAC through WebCrypto, whose
   * asynchronous job was a tenth of the server's CPU on the order path (bench/results/orders.md). Keyed
   * by the whole token, so only the exact bytes once verified are taken on trust; the session
   * behind it is still checked on every request (session-gate.ts).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Claims of a valid, unexpired token; undefined otherwise (never throws). */
  async verify(token: string): Promise<AccessClaims | undefined> {
    // jose decodes base64url leniently (spaces, padding, the last character's unused bits), so
    // one token has many spellings it accepts. Only the one it writes is taken: otherwise each
    // spelling would be a cache entry of its own, up to the header's size.
    if (!isCanonicalToken(token)) return undefined;
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
      const claims = { userId: payload.sub, sessionId: payload.sid, role: payload.role as Role };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch {
      return undefined;
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAtMs: number) {
    // The oldest first out: a Map keeps insertion order.
    if (this.verified.size >= VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}

/** An HS256 compact JWT as jose writes it: three base64url parts, a 32-byte signature. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,512}\.[A-Za-z0-9_-]{1,1024}\.[A-Za-z0-9_-]{43}$/;

function isCanonicalToken(token: string): boolean {
  if (!TOKEN_SHAPE.test(token)) return false;
  const signature = token.slice(token.lastIndexOf('.') + 1);
  return Buffer.from(signature, 'base64url').toString('base64url') === signature;
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
