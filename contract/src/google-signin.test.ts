import { describe, expect, it } from 'vitest';
import {
  GOOGLE_SIGNIN_ERRORS,
  googleSigninErrorMessage,
  isGoogleSigninError,
} from './google-signin.js';

describe('googleSigninErrorMessage', () => {
  it('has a clear message for every code the server sends', () => {
    for (const [code, message] of Object.entries(GOOGLE_SIGNIN_ERRORS)) {
      expect(isGoogleSigninError(code)).toBe(true);
      expect(googleSigninErrorMessage(code)).toBe(message);
      expect(message.length).toBeGreaterThan(10);
    }
    expect(googleSigninErrorMessage('unverified')).toMatch(/verified email/);
    expect(googleSigninErrorMessage('denied')).toMatch(/cancelled/);
    expect(googleSigninErrorMessage('state')).toMatch(/expired/);
  });
  it('answers nothing without a code and the generic message for an unknown one', () => {
    expect(googleSigninErrorMessage(null)).toBeUndefined();
    expect(googleSigninErrorMessage('')).toBeUndefined();
    expect(googleSigninErrorMessage('toString')).toBe(GOOGLE_SIGNIN_ERRORS.failed);
    expect(googleSigninErrorMessage('<script>')).toBe(GOOGLE_SIGNIN_ERRORS.failed);
  });
});
