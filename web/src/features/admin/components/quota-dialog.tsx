import type { AdminUser } from '@contract';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { bytesToGib, gibToBytes } from '../utils/format-bytes';

type QuotaDialogProps = {
  user: AdminUser;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  /** Bytes, or null for the instance default. */
  onSave: (quotaBytes: number | null) => void;
};

/** One account's storage quota in GiB; empty means the instance's default applies. */
export function QuotaDialog({ user, pending, error, onCancel, onSave }: QuotaDialogProps) {
  const [text, setText] = useState(user.quotaBytes === null ? '' : bytesToGib(user.quotaBytes));
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const hintId = useId();
  return (
    <Dialog open onClose={onCancel} title="Storage quota">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const bytes = text.trim() === '' ? null : gibToBytes(text);
          if (bytes === undefined) {
            setInvalid(true);
            return;
          }
          onSave(bytes);
        }}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            Quota of @{user.username}, in GiB
          </label>
          <input
            id={id}
            inputMode="decimal"
            value={text}
            autoFocus
            aria-invalid={invalid || undefined}
            aria-describedby={hintId}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
            }}
            className={`${inputClass} max-w-48`}
          />
          <p id={hintId} className={invalid ? 'text-sm text-red-400' : 'text-xs text-ink-muted'}>
            {invalid
              ? 'Enter a size in GiB (such as 5 or 0.5), or leave it empty.'
              : 'Empty: the instance’s default quota applies.'}
          </p>
        </div>
        {error ? <FormError message={error} /> : null}
        <DialogActions
          onCancel={onCancel}
          confirmLabel={pending ? 'Saving…' : 'Save quota'}
          pending={pending}
        />
      </form>
    </Dialog>
  );
}
