import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that does not open with this key: it was sealed with another one, or altered. */
export class SecretKeyMismatch extends Error {
  constructor() {
    super('A sealed secret does not open with this SECRET_KEY: it was sealed with another key.');
    this.name = 'SecretKeyMismatch';
  }
}

/**
 * Secrets the database keeps but must not give away in a dump or a backup of it (two-factor
 * secrets), sealed with AES-256-GCM under a key the database never holds. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the tag makes an altered value, or one sealed under
 * another key, fail to open rather than open wrong. A value without the prefix is one written
 * before sealing existed and is read as it is (a TOTP secret is base32, which has no dot).
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `material`: SECRET_KEY or the key file's text; the cipher key is derived from it. */
  constructor(material: string, purpose = 'vidshare totp secrets') {
    this.key = Buffer.from(hkdfSync('sha256', material, '', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The plain value; throws SecretKeyMismatch when it does not open under this key. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [, iv, tag, body] = stored.split('.');
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.key,
        Buffer.from(iv ?? '', 'base64url'),
        { authTagLength: TAG_BYTES },
      );
      decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
      const out = Buffer.concat([
        decipher.update(Buffer.from(body ?? '', 'base64url')),
        decipher.final(),
      ]);
      return out.toString('utf8');
    } catch {
      throw new SecretKeyMismatch();
    }
  }
}

/** Whether a stored value is sealed (else it predates sealing and is plain). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`) && stored.split('.').length === 4;
}
