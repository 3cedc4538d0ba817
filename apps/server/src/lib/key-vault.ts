import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys and account details at rest: AES-256-GCM with a random 12-byte nonce per value, stored as
 * nonce | tag | ciphertext. A separate HMAC key (derived from the same secret) gives each key a
 * stable fingerprint, so duplicates are found by a unique index without decrypting anything.
 */
export class KeyVault {
  private readonly encryptionKey: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(secretHex: string) {
    const secret = Buffer.from(secretHex, 'hex');
    if (secret.length !== 32) throw new Error('KEYS_SECRET must be 32 bytes (64 hex characters)');
    this.encryptionKey = Buffer.from(
      hkdfSync('sha256', secret, Buffer.alloc(0), 'keymarket/encrypt', 32),
    );
    this.fingerprintKey = Buffer.from(
      hkdfSync('sha256', secret, Buffer.alloc(0), 'keymarket/fingerprint', 32),
    );
  }

  encrypt(plaintext: string): Buffer {
    return this.seal(Buffer.from(plaintext, 'utf8'));
  }

  decrypt(sealed: Buffer): string {
    return this.open(sealed).toString('utf8');
  }

  /** Bytes that hold keys (a stored key file's parts), sealed as a key is. */
  seal(bytes: Uint8Array): Buffer {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, nonce);
    const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
  }

  fingerprint(key: string): string {
    return createHmac('sha256', this.fingerprintKey).update(key).digest('hex');
  }
}

/** Shows the last 4 characters only: enough to tell keys apart in a listing. */
export function maskKey(key: string): string {
  const visible = key.slice(-4);
  return `${'•'.repeat(Math.min(12, Math.max(4, key.length - 4)))}${visible}`;
}
