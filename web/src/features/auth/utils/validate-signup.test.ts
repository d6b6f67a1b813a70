import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@contract';
import {
  SIGNUP_MAX_LENGTH,
  signupFieldProblems,
  validateSignup,
  type SignupValues,
} from './validate-signup';

const image = (size = 1024, type = 'image/png') =>
  ({ name: 'a.png', type, size }) as unknown as File;

const valid: SignupValues = {
  email: 'ada@example.com',
  username: 'ada',
  fullName: 'Ada Lovelace',
  password: 'correct horse',
  avatar: image(),
  coverImage: null,
};

describe('validateSignup', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toBeNull();
    expect(validateSignup({ ...valid, coverImage: image() })).toBeNull();
  });

  it('applies the contract password limits', () => {
    const short = validateSignup({ ...valid, password: 'short' });
    expect(short?.message).toBe('Password must be at least 8 characters long.');
    expect(short?.fieldErrors).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters long.' },
    ]);
    expect(validateSignup({ ...valid, password: 'x'.repeat(129) })?.fieldErrors[0]?.field).toBe(
      'password',
    );
    expect(validateSignup({ ...valid, password: 'xy3'.repeat(42) + 'zw' })).toBeNull();
  });

  it('says why a common, repetitive or personal password is refused', () => {
    expect(validateSignup({ ...valid, password: 'password1' })?.fieldErrors).toEqual([
      { field: 'password', message: PASSWORD_MESSAGES.common },
    ]);
    expect(validateSignup({ ...valid, password: 'x'.repeat(128) })?.message).toBe(
      PASSWORD_MESSAGES.repeated,
    );
    expect(validateSignup({ ...valid, password: '12345678' })?.message).toBe(
      PASSWORD_MESSAGES.sequence,
    );
    expect(
      validateSignup({ ...valid, username: 'adalovelace', password: 'AdaLovelace' })?.message,
    ).toBe(PASSWORD_MESSAGES.personal);
  });

  it('requires an avatar image and rejects other files', () => {
    expect(validateSignup({ ...valid, avatar: null })?.message).toBe('Avatar is required.');
    expect(
      validateSignup({ ...valid, avatar: image(10, 'text/plain') })?.fieldErrors[0]?.field,
    ).toBe('avatar');
    expect(
      validateSignup({ ...valid, coverImage: image(26 * 1024 * 1024) })?.fieldErrors[0]?.message,
    ).toBe('Cover image must be at most 25 MB.');
  });

  it('lists every problem at once', () => {
    const problem = validateSignup({ ...valid, email: 'nope', password: '1', avatar: null });
    expect(problem?.message).toBe('Please correct the following:');
    expect(problem?.fieldErrors.map((error) => error.field)).toEqual([
      'email',
      'password',
      'avatar',
    ]);
  });
});

describe('signupFieldProblems', () => {
  it('says nothing about a form the server would take', () => {
    expect(signupFieldProblems(valid)).toEqual({});
  });

  it('names each field’s first problem in the server’s words', () => {
    const problems = signupFieldProblems({
      email: 'not an address',
      username: 'Ada Lovelace!',
      fullName: 'x'.repeat(81),
      password: 'short',
    });
    expect(problems).toEqual({
      email: 'Email is not a valid address.',
      username: 'Username may contain only letters, digits, dot, dash and underscore.',
      fullName: 'Full name must be at most 80 characters long.',
      password: 'Password must be at least 8 characters long.',
    });
    expect(signupFieldProblems({ ...valid, username: 'x'.repeat(31) }).username).toBe(
      'Username must be at most 30 characters long.',
    );
  });

  it('takes the limits from the contract', () => {
    expect(SIGNUP_MAX_LENGTH).toEqual({ email: 254, username: 30, fullName: 80, password: 128 });
  });
});
