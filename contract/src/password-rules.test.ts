import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { PASSWORD_MESSAGES, passwordProblem } from './password-rules.js';
import { registerFieldsSchema, passwordSchema } from './user.js';

describe('passwordProblem', () => {
  it('refuses the most common passwords, in any case', () => {
    for (const p of [
      'password',
      'PASSWORD',
      'Password1',
      'iloveyou',
      'sunshine',
      'trustno1',
      'baseball',
    ]) {
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    }
  });
  it('ships a list of a few thousand, none shorter than the minimum', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(3000);
    expect(COMMON_PASSWORDS.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });
  it('refuses one character or a short pattern repeated', () => {
    for (const p of [
      'aaaaaaaa',
      '00000000',
      '!!!!!!!!!!!!',
      'abababab',
      'xyzxyzxyz',
      'ab12ab12ab12',
      '🙂🙂🙂🙂🙂🙂🙂🙂',
    ]) {
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.repeated);
    }
  });
  it('refuses simple sequences and keyboard rows, both ways', () => {
    for (const p of [
      '12345678',
      '87654321',
      'abcdefghij',
      'ZYXWVUTS',
      'acegikmo',
      'qwertyui',
      'poiuytrewq',
      'asdfghjk',
      '34567890',
      'lkjhgfds',
    ]) {
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.sequence);
    }
  });
  it('refuses the username, the email or its local part', () => {
    const context = { username: 'jane.doe', email: 'Jane.Smith@Example.com' };
    for (const p of ['jane.doe', 'JANE.DOE', 'jane.smith@example.com', 'jane.smith']) {
      expect(passwordProblem(p, context), p).toBe(PASSWORD_MESSAGES.personal);
    }
  });
  it('accepts passwords that are none of these', () => {
    for (const p of [
      'correct horse battery',
      'vidshare-demo',
      'k9#Lm2!qZr',
      'abcdefgh1x',
      'aaaaaaab',
    ]) {
      expect(
        passwordProblem(p, { username: 'jane', email: 'jane@example.com' }),
        p,
      ).toBeUndefined();
    }
  });
});

describe('in the contract schemas', () => {
  it('passwordSchema gives the reason as its message', () => {
    const r = passwordSchema.safeParse('password');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.common);
  });
  it('registerFieldsSchema refuses a password equal to the username, on the password field', () => {
    const r = registerFieldsSchema.safeParse({
      username: 'peterpan42',
      email: 'peter@example.com',
      password: 'PeterPan42',
      fullName: 'Peter Pan',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toMatchObject([
      { path: ['password'], message: PASSWORD_MESSAGES.personal },
    ]);
  });
});
