import { passwordProblem, ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { AuthCardShell } from '../../auth';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { newPasswordProblem } from '../utils/new-password';
import { SuccessNotice } from './notice';

/** The page a reset link opens: a new password, checked as the server will check it. */
export function ResetPasswordCard() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(password, repeat, passwordProblem);
    setProblem(found);
    if (!found && !confirm.isPending) confirm.mutate({ token, password });
  };

  return (
    <AuthCardShell title="Choose a new password" subtitle="It signs you out everywhere">
      {!token ? (
        <FormError message="This link is incomplete. Open the link from the email again." />
      ) : confirm.isSuccess ? (
        <div className="flex flex-col gap-4">
          <SuccessNotice>Your password was changed. Sign in with the new one.</SuccessNotice>
          <Link to={ROUTES.signin} className={buttonStyles.primary}>
            Sign in
          </Link>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          {problem || confirm.error ? (
            <FormError
              message={problem ?? errorMessage(confirm.error, 'The password was not changed.')}
              details={
                isApiError(confirm.error) ? confirm.error.fieldErrors.map((e) => e.message) : []
              }
            />
          ) : null}
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Repeat the new password"
            name="repeat"
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
          <button type="submit" disabled={confirm.isPending} className={buttonStyles.primary}>
            {confirm.isPending ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : null}
            Change password
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to={ROUTES.forgotPassword} className="font-medium text-accent hover:underline">
          Ask for a new link
        </Link>
      </p>
    </AuthCardShell>
  );
}
