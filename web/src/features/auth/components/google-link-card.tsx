import { MESSAGES, ROUTES, type GoogleLinkDone, type GoogleLinkPending } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateSeparateAccount, useLinkWithPassword, usePendingLink } from '../api/google-link';
import { AuthCardShell } from './auth-card-shell';
import { UI_MESSAGES } from '../../../lib/ui-constants';

function fieldDetails(error: unknown): string[] {
  return isApiError(error) ? error.fieldErrors.map((item) => item.message) : [];
}

/**
 * Where a Google sign-in lands when its email is used by an account here that is not linked to
 * that Google account. Nobody is signed in yet: that account may have been registered by
 * someone else with this address, so the person either proves it is theirs with its password
 * (linking it for good) or takes a separate account under another email.
 */
export function GoogleLinkCard() {
  const pending = usePendingLink();
  if (pending.isPending) return <PageSpinner />;
  if (pending.isLoadingError) {
    return (
      <AuthCardShell title="Sign in with Google" subtitle="to continue to Vidshare">
        <FormError message={errorMessage(pending.error, UI_MESSAGES.loginFailed)} />
        <Link to={ROUTES.signin} className={`${buttonStyles.primary} mt-6 w-full`}>
          Back to sign in
        </Link>
      </AuthCardShell>
    );
  }
  return <LinkChoices pending={pending.data} />;
}

function LinkChoices({ pending }: { pending: GoogleLinkPending }) {
  const navigate = useNavigate();
  const link = useLinkWithPassword();
  const separate = useCreateSeparateAccount();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const busy = link.isPending || separate.isPending;
  const done = (result: GoogleLinkDone) => void navigate(result.returnTo, { replace: true });

  const onLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    separate.reset();
    link.mutate({ password }, { onSuccess: done });
  };
  const onSeparate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    link.reset();
    separate.mutate({ email: email.trim() }, { onSuccess: done });
  };

  return (
    <AuthCardShell title="Link your Google account" subtitle="to continue to Vidshare">
      <p className="text-sm text-ink">
        An account here already uses <strong className="text-ink-strong">{pending.email}</strong> (
        <span className="text-ink-strong">@{pending.username}</span>). Email addresses are not
        checked when accounts are made, so we only join it to your Google account once you show it
        is yours.
      </p>

      {pending.canLinkWithPassword ? (
        <form className="mt-5 flex flex-col gap-4" onSubmit={onLink}>
          {link.error ? (
            <FormError
              message={errorMessage(link.error, UI_MESSAGES.loginFailedShort)}
              details={fieldDetails(link.error)}
            />
          ) : null}
          <TextField
            label={`Password of @${pending.username}`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {link.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
            LINK AND SIGN IN
          </button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-ink-muted">
          That account signs in with Google only, so it cannot be linked with a password.
        </p>
      )}

      <div className="my-5 flex items-center gap-3 text-xs text-ink-muted" aria-hidden>
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>

      <form className="flex flex-col gap-4" onSubmit={onSeparate}>
        <p className="text-sm text-ink">
          Not your account? Create a separate one for your Google account, with another email.
        </p>
        {separate.error ? (
          <FormError
            message={errorMessage(separate.error, MESSAGES.registrationFailed)}
            details={fieldDetails(separate.error)}
          />
        ) : null}
        <TextField
          label="Email for the new account"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" disabled={busy} className={buttonStyles.secondary}>
          {separate.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          CREATE SEPARATE ACCOUNT
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link to={ROUTES.signin} className="font-medium text-accent hover:underline">
          Cancel
        </Link>
      </p>
    </AuthCardShell>
  );
}
