import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signature older (or newer) than this is refused: a captured event cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `Keymarket-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
 * (DESIGN.md §9) over the exact bytes received: answers why it is refused, or null when it holds.
 * Several `v1=` are accepted (a sender rolling its secret may sign with both).
 */
export function signatureProblem(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
): string | null {
  if (!header) return 'The Keymarket-Signature header is missing';
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) {
    return 'The Keymarket-Signature header is not t=<seconds>,v1=<hex>';
  }
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    return 'The signature is too old or too far ahead: the event is refused';
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((hex) => timingSafeEqual(Buffer.from(hex, 'hex'), expected));
  return matches ? null : 'The signature does not match: the event is refused';
}
