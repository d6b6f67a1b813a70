import { describe, expect, it } from 'vitest';
import { accountPageUrl, GOOGLE_ACCOUNT_URL } from './account-page';

describe('accountPageUrl', () => {
  it("is Google's account page for an account that signs in with Google", () => {
    expect(accountPageUrl({ identityProviders: ['google'] })).toBe(GOOGLE_ACCOUNT_URL);
    expect(GOOGLE_ACCOUNT_URL).toBe('https://myaccount.google.com/');
  });
  it('is null for a password-only account, or an answer without the list', () => {
    expect(accountPageUrl({ identityProviders: [] })).toBeNull();
    expect(accountPageUrl({} as { identityProviders: string[] })).toBeNull();
  });
});
