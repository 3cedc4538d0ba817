import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../webhooks/webhook-sender';
import { SIGNATURE_TOLERANCE_SECONDS, signatureProblem } from './verify-signature';

const secret = 'whsec_0123456789abcdefghijABCDEFGHIJ';
const body = '{"id":"evt_1","type":"product.changed","createdAt":"2026-01-01T00:00:00Z","data":{}}';
const now = 1_800_000_000;

/** What the upstream's webhook sender signs, the downstream's receiver verifies (DESIGN.md §9). */
describe('an upstream event’s signature', () => {
  it('holds for the sender’s header over the same bytes, at the same time', () => {
    expect(signatureProblem(secret, body, signatureHeader(secret, body, now), now)).toBeNull();
    expect(signatureProblem(secret, body, signatureHeader(secret, body, now - 60), now)).toBeNull();
  });

  it('refuses another secret, other bytes, a missing or malformed header', () => {
    const header = signatureHeader(secret, body, now);
    expect(signatureProblem(`${secret}x`, body, header, now)).toMatch(/does not match/);
    expect(signatureProblem(secret, `${body} `, header, now)).toMatch(/does not match/);
    expect(signatureProblem(secret, body, undefined, now)).toMatch(/missing/);
    expect(signatureProblem(secret, body, 'v1=abc', now)).toMatch(/not t=/);
    expect(signatureProblem(secret, body, `t=${now}`, now)).toMatch(/not t=/);
  });

  it('refuses a signature older or newer than the tolerance: a captured event replayed later', () => {
    const old = now - SIGNATURE_TOLERANCE_SECONDS - 1;
    expect(signatureProblem(secret, body, signatureHeader(secret, body, old), now)).toMatch(
      /too old/,
    );
    const ahead = now + SIGNATURE_TOLERANCE_SECONDS + 1;
    expect(signatureProblem(secret, body, signatureHeader(secret, body, ahead), now)).toMatch(
      /too old/,
    );
  });
});
