import { RefreshCw } from 'lucide-react';
import { buttonStyles } from './button-styles';

/** The one way a failed load offers another attempt. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" onClick={onRetry} className={buttonStyles.secondary}>
      <RefreshCw className="size-4" aria-hidden />
      Try again
    </button>
  );
}
