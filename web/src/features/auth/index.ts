/** What other features may use of this one; everything else is internal. */
export { useAuth } from './hooks/auth-context';
