import { useId, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/text-field';

type ProfileDialogProps = { open: boolean; onClose: () => void; username: string };

/** Profile settings form. Saving is not wired to the server: Save only closes the dialog. */
export function ProfileDialog({ open, onClose, username }: ProfileDialogProps) {
  const usernameId = useId();
  const bioId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Profile">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={usernameId} className="text-sm font-medium text-ink">
            Username
          </label>
          <input id={usernameId} name="username" defaultValue={username} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bioId} className="text-sm font-medium text-ink">
            Bio
          </label>
          <textarea id={bioId} name="bio" rows={4} className={`${inputClass} resize-y`} />
        </div>
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonStyles.ghost}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
