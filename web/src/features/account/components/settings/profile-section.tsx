import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { FormError } from '../../../../components/ui/form-error';
import { TextField, inputClass } from '../../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { useAuth } from '../../../auth';
import { useUpdateProfile } from '../../api/update-profile';
import { SuccessNotice } from '../notice';
import { SettingsSection } from './settings-section';

export function ProfileSection() {
  const { authUser } = useAuth();
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(authUser?.fullName ?? '');
  const [bio, setBio] = useState(authUser?.bio ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [coverImage, setCoverImage] = useState<File | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ fullName: fullName.trim(), bio, avatar, coverImage });
  };

  return (
    <SettingsSection id="profile" title="Profile" description="Shown on your channel page.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        {update.error ? (
          <FormError
            message={errorMessage(update.error, 'The profile was not saved.')}
            details={isApiError(update.error) ? update.error.fieldErrors.map((e) => e.message) : []}
          />
        ) : update.isSuccess ? (
          <SuccessNotice>Profile saved.</SuccessNotice>
        ) : null}
        <TextField
          label="Full name"
          name="fullName"
          required
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="settings-bio" className="text-sm font-medium text-ink">
            Bio
          </label>
          <textarea
            id="settings-bio"
            name="bio"
            rows={4}
            maxLength={1000}
            className={`${inputClass} resize-y`}
            value={bio}
            onChange={(event) => setBio(event.target.value)}
          />
        </div>
        <TextField
          label="New profile picture"
          name="avatar"
          type="file"
          accept="image/*"
          onChange={(event) => setAvatar(event.target.files?.[0] ?? null)}
        />
        <TextField
          label="New channel banner"
          name="coverImage"
          type="file"
          accept="image/*"
          onChange={(event) => setCoverImage(event.target.files?.[0] ?? null)}
        />
        <button
          type="submit"
          disabled={update.isPending}
          className={`${buttonStyles.primary} self-start`}
        >
          {update.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          Save profile
        </button>
      </form>
    </SettingsSection>
  );
}
