import { passwordProblem } from '@contract';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password';

describe('newPasswordProblem', () => {
  it('asks for the same password twice', () => {
    expect(newPasswordProblem('a long password', 'a long passwore', passwordProblem)).toMatch(
      /not the same/,
    );
  });

  it('applies the length and the server’s rules', () => {
    expect(newPasswordProblem('short', 'short', passwordProblem)).toMatch(/at least 8/);
    expect(newPasswordProblem('password123', 'password123', passwordProblem)).toMatch(/common/);
    expect(newPasswordProblem('a long password', 'a long password', passwordProblem)).toBeNull();
  });
});
