import { ListPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { useAuth } from '../../auth';
import { SAVE_SIGN_IN } from '../utils/messages';

// Loaded the first time it opens, as from a card's menu: the watch page does not carry it.
const SaveDialog = retryableLazy(async () => (await import('./save-dialog')).SaveDialog);

/** The watch page's Save: to Watch later or any playlist. Visitors are asked to sign in. */
export function SaveButton({ videoId }: { videoId: string }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on and kept, so opening it again finds it as it was left.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          if (!isAuthenticated) {
            window.alert(SAVE_SIGN_IN);
            return;
          }
          setWanted(true);
          setOpen(true);
        }}
      >
        <ListPlus className="size-5" aria-hidden />
        Save
      </button>
      {isAuthenticated && wanted ? (
        <Suspense fallback={null}>
          <SaveDialog videoId={videoId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
