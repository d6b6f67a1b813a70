import { useAuth } from '../../auth';

/**
 * For actions only signed-in users may take: visitors get the product's sign-in alert and
 * the action is skipped. Returns whether the caller may go ahead.
 */
export function useSignInGate(): (message: string) => boolean {
  const { isAuthenticated } = useAuth();
  return (message: string) => {
    if (isAuthenticated) return true;
    window.alert(message);
    return false;
  };
}
