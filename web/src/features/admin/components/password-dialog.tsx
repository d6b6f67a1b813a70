import { GOVERNANCE_LIMITS, LIMITS, passwordProblem, passwordSchema } from '@contract';
import type { AdminUser } from '@contract';
import { useId, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { generatedPassword } from '../utils/generated-password';

type PasswordDialogProps = {
  user: AdminUser;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (password: string, reason: string) => void;
};

/**
 * An admin sets an account's password, for someone who cannot reset it by mail. Shown as text:
 * the admin passes it on, so they must be able to read it back. The sign-up rules are checked
 * here first and again by the server.
 */
export function PasswordDialog({ user, pending, error, onCancel, onSave }: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const passwordId = useId();
  const hintId = useId();
  const reasonId = useId();

  return (
    <Dialog open onClose={onCancel} title="Set a new password">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const refused =
            passwordSchema.safeParse(password).error?.issues[0]?.message ??
            passwordProblem(password, user);
          if (refused) {
            setProblem(refused);
            passwordRef.current?.focus();
            return;
          }
          onSave(password, reason.trim());
        }}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-ink">
          Every session of @{user.username} ends, and their address is told that the password
          changed. Give them the new one in person or over a channel you trust.
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={passwordId} className="text-sm font-medium text-ink">
            New password
          </label>
          <div className="flex gap-2">
            <input
              ref={passwordRef}
              id={passwordId}
              value={password}
              autoFocus
              autoComplete="new-password"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              aria-describedby={hintId}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(null);
              }}
              className={`${inputClass} font-mono`}
            />
            <button
              type="button"
              onClick={() => {
                setPassword(generatedPassword());
                setProblem(null);
              }}
              className={buttonStyles.secondary}
            >
              Generate
            </button>
          </div>
          <p
            id={hintId}
            role={problem ? 'alert' : undefined}
            className={problem ? 'text-sm text-red-400' : 'text-xs text-ink-muted'}
          >
            {problem ??
              `The sign-up rules apply: at least ${LIMITS.passwordMin} characters, not a common password.`}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-ink">
            Reason (optional)
          </label>
          <input
            id={reasonId}
            value={reason}
            maxLength={GOVERNANCE_LIMITS.reasonMax}
            onChange={(event) => setReason(event.target.value)}
            className={inputClass}
          />
        </div>
        {error ? <FormError message={error} /> : null}
        <DialogActions
          onCancel={onCancel}
          confirmLabel={pending ? 'Saving…' : 'Set password'}
          pending={pending}
          tone="danger"
        />
      </form>
    </Dialog>
  );
}
