import { useId, useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../features/auth';
import { useChangeUsername } from '../../../features/account/api/change-username';
import { useUpdateProfile } from '../../../features/account/api/update-profile';

type ProfileDialogProps = { open: boolean; onClose: () => void; username: string };

/** Username and bio; Save saves what changed (the rest is on the Settings page). */
export function ProfileDialog({ open, onClose, username }: ProfileDialogProps) {
  const usernameId = useId();
  const bioId = useId();
  const { authUser } = useAuth();
  const rename = useChangeUsername();
  const update = useUpdateProfile();
  const [name, setName] = useState(username);
  const [bio, setBio] = useState(authUser?.bio ?? '');
  const error = rename.error ?? update.error;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      if (name.trim().toLowerCase() !== username) await rename.mutateAsync(name.trim());
      if (bio !== (authUser?.bio ?? '')) await update.mutateAsync({ bio });
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Profile">
      <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
        {error ? <FormError message={errorMessage(error, 'The profile was not saved.')} /> : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={usernameId} className="text-sm font-medium text-ink">
            Username
          </label>
          <input
            id={usernameId}
            name="username"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bioId} className="text-sm font-medium text-ink">
            Bio
          </label>
          <textarea
            id={bioId}
            name="bio"
            rows={4}
            maxLength={1000}
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            className={`${inputClass} resize-y`}
          />
        </div>
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonStyles.ghost}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={rename.isPending || update.isPending}
            className={buttonStyles.primary}
          >
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
