import type { SessionUser } from '@contract';

/** What the app knows about the visitor; `user` is null whenever they are signed out. */
export type SessionState = { isAuthenticated: boolean; user: SessionUser | null };

export const SIGNED_OUT: SessionState = { isAuthenticated: false, user: null };

export const sessionQueryKey = ['auth', 'session'] as const;

export function signedIn(user: SessionUser): SessionState {
  return { isAuthenticated: true, user };
}
