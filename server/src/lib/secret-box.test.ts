import { describe, expect, it } from 'vitest';
import { isSealed, SecretBox, SecretKeyMismatch } from './secret-box.js';

const KEY = 'k'.repeat(32);

describe('SecretBox', () => {
  it('seals to a value without the secret that opens to it again', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox(KEY).open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time', () => {
    const box = new SecretBox(KEY);
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(box.seal('JBSWY3DPEHPK3PXP'));
  });

  it('refuses a value sealed under another key, or altered', () => {
    const sealed = new SecretBox(KEY).seal('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox('other'.repeat(8)).open(sealed)).toThrow(SecretKeyMismatch);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => new SecretBox(KEY).open([v, iv, tag, flipped].join('.'))).toThrow(
      SecretKeyMismatch,
    );
    expect(() => new SecretBox(KEY).open([v, iv, 'short', body].join('.'))).toThrow(
      SecretKeyMismatch,
    );
  });

  it('reads a value stored before sealing as it is', () => {
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(new SecretBox(KEY).open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});
