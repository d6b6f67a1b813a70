/** What other features may use of this one; everything else is internal. */
export { useAuth } from './hooks/auth-context';
export { sessionQueryKey } from './api/session-keys';
export { AuthCardShell } from './components/auth-card-shell';
export { GoogleButton } from './components/google-button';
export { useSignOut } from './hooks/use-sign-out';
