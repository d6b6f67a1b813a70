import type { SessionUser } from '@contract';
import { createContext, useContext } from 'react';

export type AuthContextValue = {
  isAuthenticated: boolean;
  authUser: SessionUser | null;
  /** False until the first session check has answered; guards wait for it before deciding. */
  isAuthChecked: boolean;
  /** Replaces the signed-in user record, e.g. after a profile change; null signs out locally. */
  setAuthUser: (user: SessionUser | null) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
