import type { SubscriptionToggle } from '@contract';
import { buttonStyles } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';
import { useToggleSubscription } from '../api/toggle-subscription';

type SubscribeButtonProps = {
  channelId: string;
  isSubscribed: boolean;
  /** For lists that keep their own copy of the state instead of reading a cached page. */
  onToggled?: (state: SubscriptionToggle) => void;
  className?: string;
};

/** Subscribe / Subscribed toggle for signed-in viewers of someone else's channel. */
export function SubscribeButton({
  channelId,
  isSubscribed,
  onToggled,
  className,
}: SubscribeButtonProps) {
  const toggle = useToggleSubscription();

  return (
    <button
      type="button"
      disabled={toggle.isPending}
      aria-busy={toggle.isPending}
      onClick={() => toggle.mutate(channelId, { onSuccess: onToggled })}
      className={cn(isSubscribed ? buttonStyles.secondary : buttonStyles.light, className)}
    >
      {isSubscribed ? 'Subscribed' : 'Subscribe'}
    </button>
  );
}
