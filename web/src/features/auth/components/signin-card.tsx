import { googleSigninErrorMessage, GOVERNANCE_MESSAGES, ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { returnPath } from '../../../lib/redirect';
import { useAuthProviders } from '../api/auth-providers';
import { useLogin } from '../api/login';
import { buttonStyles } from '../../../components/ui/button-styles';
import { AuthCardShell } from './auth-card-shell';
import { GoogleButton } from './google-button';
import { UI_MESSAGES } from '../../../lib/ui-constants';

/** Location state the sign-up card leaves so this card can confirm the new account. */
export type SigninState = { from?: string; registered?: boolean; awaitingApproval?: boolean };

export function SigninCard() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as SigninState;
  const login = useLogin();
  const providers = useAuthProviders();
  // A Google sign-in that failed comes back as /signin?error=<code>.
  const [searchParams] = useSearchParams();
  const googleError = googleSigninErrorMessage(searchParams.get('error'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The password was right and the account has two-factor sign-in: ask for the code.
  const askCode = (isApiError(login.error) && login.error.totpRequired) || code !== '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate(
      {
        username: username.trim(),
        password,
        ...(askCode && code.trim() ? { code: code.trim() } : {}),
      },
      { onSuccess: () => void navigate(returnPath(location.state), { replace: true }) },
    );
  };

  const error = login.error;

  return (
    <AuthCardShell title="Sign in" subtitle="to continue to Vidshare">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        {googleError && !error ? <FormError message={googleError} /> : null}
        {state.registered && !error ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
          >
            {state.awaitingApproval
              ? GOVERNANCE_MESSAGES.accountPending
              : 'Account created. Sign in to continue.'}
          </p>
        ) : null}
        {error ? (
          <FormError
            message={errorMessage(error, UI_MESSAGES.loginFailedShort)}
            details={isApiError(error) ? error.fieldErrors.map((item) => item.message) : []}
          />
        ) : null}
        <TextField
          label="Email or Username"
          name="username"
          // The card is the whole page: typing starts in its first field.
          autoFocus
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {askCode ? (
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            hint="The 6-digit code from your authenticator app, or a recovery code."
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : null}
        <Link
          to={ROUTES.forgotPassword}
          className="-mt-2 self-end text-sm font-medium text-accent hover:underline"
        >
          Forgot password?
        </Link>
        <button
          type="submit"
          disabled={login.isPending}
          className={`${buttonStyles.primary} mt-2 tracking-wide`}
        >
          {login.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          LOG IN
        </button>
      </form>
      {providers.google ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-ink-muted" aria-hidden>
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>
          <GoogleButton returnTo={returnPath(location.state)} />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-ink-muted">
        New to Vidshare?{' '}
        <Link
          to={ROUTES.signup}
          state={state.from ? { from: state.from } : undefined}
          className="font-medium text-accent hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCardShell>
  );
}
