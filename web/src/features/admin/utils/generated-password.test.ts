import { passwordProblem, passwordSchema } from '@contract';
import { describe, expect, it } from 'vitest';
import { generatedPassword, randomBelow } from './generated-password';

describe('generatedPassword', () => {
  it('makes four groups of five readable characters that the sign-up rules accept', () => {
    const made = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const password = generatedPassword();
      expect(password).toMatch(/^([a-km-np-z2-9]{5}-){3}[a-km-np-z2-9]{5}$/);
      expect(password).not.toMatch(/[01ilo]/);
      expect(passwordSchema.safeParse(password).success).toBe(true);
      expect(passwordProblem(password)).toBeUndefined();
      made.add(password);
    }
    expect(made.size).toBe(50);
  });
});

describe('randomBelow', () => {
  it('draws again above the last whole multiple of n, so no result is favoured', () => {
    // 2^32 = 31 * 138547332 + 4: the four values from 4294967292 up are refused.
    const draws = [4_294_967_295, 4_294_967_292, 4_294_967_291];
    const results = randomBelow(31, () => draws.shift()!);
    expect(results).toBe(4_294_967_291 % 31);
    expect(draws).toEqual([]);
  });

  it('maps accepted values by their remainder', () => {
    expect(randomBelow(31, () => 0)).toBe(0);
    expect(randomBelow(31, () => 62)).toBe(0);
    expect(randomBelow(31, () => 30)).toBe(30);
  });
});
