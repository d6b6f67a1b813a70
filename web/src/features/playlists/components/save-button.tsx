import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useAuth } from '../../auth';
import { SAVE_SIGN_IN } from '../utils/messages';
import { SaveDialog } from './save-dialog';

/** The watch page's Save: to Watch later or any playlist. Visitors are asked to sign in. */
export function SaveButton({ videoId }: { videoId: string }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
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
          setOpen(true);
        }}
      >
        <ListPlus className="size-5" aria-hidden />
        Save
      </button>
      {isAuthenticated ? (
        <SaveDialog videoId={videoId} open={open} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
