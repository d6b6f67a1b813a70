import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@contract';
import { usernameBaseFromEmail, usernameCandidates, usernameWithSuffix } from './username.js';

describe('usernameBaseFromEmail', () => {
  it('takes the local part, lower-cased, without a +tag', () => {
    expect(usernameBaseFromEmail('Jane.Doe+videos@gmail.com')).toBe('jane.doe');
    expect(usernameBaseFromEmail('john_smith-1@example.org')).toBe('john_smith-1');
  });
  it('folds accents and drops characters usernames do not allow', () => {
    expect(usernameBaseFromEmail('José.Müller@example.com')).toBe('jose.muller');
    expect(usernameBaseFromEmail("o'brien!#$@example.com")).toBe('obrien');
  });
  it('never starts or ends with punctuation and collapses runs of it', () => {
    expect(usernameBaseFromEmail('..a..b--c__@example.com')).toBe('a.b-c');
  });
  it('pads names that are too short and cuts names that are too long', () => {
    expect(usernameBaseFromEmail('jo@example.com')).toBe('jo-user');
    expect(usernameBaseFromEmail('!!!@example.com')).toBe('user');
    expect(usernameBaseFromEmail(`${'a'.repeat(29)}.b@example.com`)).toBe('a'.repeat(29));
    expect(usernameBaseFromEmail(`${'x'.repeat(64)}@example.com`)).toHaveLength(30);
  });
  it('always answers a valid username', () => {
    for (const email of [
      'Ünïcödé@x.io',
      '李@x.io',
      'a@x.io',
      '-._@x.io',
      `${'é'.repeat(40)}@x.io`,
    ]) {
      const name = usernameBaseFromEmail(email);
      expect(usernameSchema.safeParse(name).success, `${email} -> ${name}`).toBe(true);
    }
  });
});

describe('usernameWithSuffix and usernameCandidates', () => {
  it('keeps the suffixed name within the maximum length', () => {
    expect(usernameWithSuffix('jane', '1234')).toBe('jane-1234');
    const long = usernameWithSuffix('a'.repeat(30), '1234');
    expect(long).toHaveLength(30);
    expect(long.endsWith('-1234')).toBe(true);
    expect(usernameWithSuffix(`${'a'.repeat(24)}.bc`, '1234')).toBe(`${'a'.repeat(24)}-1234`);
  });
  it('tries the base first, then valid suffixed names', () => {
    const names = usernameCandidates('jane', 5);
    expect(names[0]).toBe('jane');
    expect(names).toHaveLength(5);
    for (const name of names.slice(1)) expect(name).toMatch(/^jane-\d{4}$/);
    for (const name of names) expect(usernameSchema.safeParse(name).success).toBe(true);
  });
});
