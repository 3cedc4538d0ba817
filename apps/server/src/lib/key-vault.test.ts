import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyVault, maskKey } from './key-vault';

const vault = new KeyVault(randomBytes(32).toString('hex'));

describe('KeyVault', () => {
  it('decrypts what it encrypted', () => {
    expect(vault.decrypt(vault.encrypt('AAAA-BBBB-CCCC'))).toBe('AAAA-BBBB-CCCC');
  });

  it('never stores the plaintext and uses a fresh nonce each time', () => {
    const a = vault.encrypt('AAAA-BBBB-CCCC');
    const b = vault.encrypt('AAAA-BBBB-CCCC');
    expect(a.toString('utf8')).not.toContain('AAAA-BBBB');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = vault.encrypt('secret');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => vault.decrypt(sealed)).toThrow();
  });

  it('gives equal keys equal fingerprints, and other secrets other fingerprints', () => {
    expect(vault.fingerprint('K1')).toBe(vault.fingerprint('K1'));
    expect(vault.fingerprint('K1')).not.toBe(vault.fingerprint('K2'));
    const other = new KeyVault(randomBytes(32).toString('hex'));
    expect(other.fingerprint('K1')).not.toBe(vault.fingerprint('K1'));
  });

  it('masks all but the last four characters', () => {
    expect(maskKey('ABCD-EFGH-1234')).toMatch(/^•+1234$/);
  });
});
