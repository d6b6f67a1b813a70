import { ACCOUNT_MESSAGES, ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { AuthCardShell } from '../../auth';
import { useInstance } from '../api/instance';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { SuccessNotice } from './notice';

/** "Forgot password?": asks for the address and says what the server did, in its words. */
export function ForgotPasswordCard() {
  const instance = useInstance();
  const reset = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reset.isPending) reset.mutate(email.trim());
  };

  return (
    <AuthCardShell title="Forgot password?" subtitle="We will email you a link to choose a new one">
      {instance && !instance.mail ? (
        <FormError message={ACCOUNT_MESSAGES.mailUnavailable} />
      ) : reset.isSuccess ? (
        <SuccessNotice>{reset.data}</SuccessNotice>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          {reset.error ? (
            <FormError message={errorMessage(reset.error, 'The link could not be sent.')} />
          ) : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" disabled={reset.isPending} className={buttonStyles.primary}>
            {reset.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
            Send reset link
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to={ROUTES.signin} className="font-medium text-accent hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCardShell>
  );
}
