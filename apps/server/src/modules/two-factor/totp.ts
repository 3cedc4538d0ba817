import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
const WINDOW_STEPS = 1;

function totpOf(secretBase32: string, label = 'account', issuer = 'Keymarket'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended size) in base32, the form apps accept. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function totpEnrolment(secretBase32: string, label: string, issuer: string) {
  const otpauthUrl = totpOf(secretBase32, label, issuer).toString();
  return { otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1 }) };
}

/** The 30-second step a good `code` belongs to, or null. The caller refuses a step already used. */
export function matchingTotpStep(
  secretBase32: string,
  code: string,
  nowMs = Date.now(),
): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: nowMs,
    window: WINDOW_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an app shows at `nowMs`: for tests. */
export function totpCodeAt(secretBase32: string, nowMs = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}
