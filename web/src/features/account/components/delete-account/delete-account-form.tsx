import { ACCOUNT_MESSAGES, ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { FormError } from '../../../../components/ui/form-error';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { GoogleButton, useSignOut } from '../../../auth';
import { useDeleteAccount } from '../../api/delete-account';
import { useSessions } from '../../api/sessions';
import { isFreshSignIn } from '../../utils/fresh-sign-in';

/**
 * The proof the server asks for, and the button. An account with a password types it; one
 * that signs in with Google only signs in with Google again first (the server accepts a
 * sign-in of the last minutes), coming back to this page. Once deleted, the person is signed
 * out and on the front page.
 */
export function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const remove = useDeleteAccount();
  const { leaveSignedOut } = useSignOut();
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate(hasPassword ? { password } : {}, { onSuccess: () => void leaveSignedOut() });
  };

  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-2xl border border-line bg-raised p-5 sm:p-6"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-ink-strong">
        Confirm
      </h2>
      {hasPassword ? (
        <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
          {remove.error ? (
            <FormError message={errorMessage(remove.error, 'The account was not deleted.')} />
          ) : null}
          <TextField
            label="Your password"
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <DeleteButton pending={remove.isPending} />
        </form>
      ) : (
        <GoogleProof onSubmit={onSubmit} pending={remove.isPending} error={remove.error} />
      )}
    </section>
  );
}

function DeleteButton({ pending }: { pending: boolean }) {
  return (
    <button type="submit" disabled={pending} className={`${buttonStyles.danger} self-start`}>
      {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
      Delete my account
    </button>
  );
}

/** Google-only accounts: a recent sign-in is the proof; without one, the way to get it. */
function GoogleProof({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  error: Error | null;
}) {
  const sessions = useSessions();
  if (sessions.isPending) return <Spinner label="Checking your sign-in" />;
  const current = sessions.data?.find((s) => s.current);
  // The server's refusal (a stale sign-in) wins over what this page worked out.
  const stale = isApiError(error) && error.status === 403;
  if (stale || !isFreshSignIn(current?.createdAt, Date.now())) {
    return (
      <div className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-ink">{ACCOUNT_MESSAGES.freshGoogleSignIn}</p>
        <GoogleButton
          returnTo={ROUTES.deleteAccount}
          label="Sign in with Google again"
          className="max-w-xs"
        />
      </div>
    );
  }
  return (
    <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
      {error ? <FormError message={errorMessage(error, 'The account was not deleted.')} /> : null}
      <p className="text-sm text-ink">You signed in with Google a moment ago.</p>
      <DeleteButton pending={pending} />
    </form>
  );
}
