import { passwordProblem } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { useAuth } from '../../../auth';
import { useChangeEmail } from '../../api/change-email';
import { useChangePassword } from '../../api/change-password';
import { useChangeUsername } from '../../api/change-username';
import { useInstance } from '../../api/instance';
import { newPasswordProblem } from '../../utils/new-password';
import { SuccessNotice } from '../notice';
import { ResendVerificationButton } from '../resend-verification';
import { SettingsSection } from './settings-section';

const details = (error: unknown) =>
  isApiError(error) ? error.fieldErrors.map((item) => item.message) : [];

export function EmailSection() {
  const { authUser } = useAuth();
  const instance = useInstance();
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  if (!authUser) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate({ email: email.trim(), ...(authUser.hasPassword ? { password } : {}) });
  };

  return (
    <SettingsSection id="email" title="Email address">
      <p className="text-sm text-ink">
        <strong>{authUser.email}</strong>{' '}
        {authUser.emailVerified ? (
          <span className="text-emerald-300">· confirmed</span>
        ) : (
          <span className="text-amber-300">· not confirmed</span>
        )}
      </p>
      {instance && !instance.mail ? (
        <p className="mt-2 text-sm text-ink-muted">
          This server cannot send email: addresses cannot be confirmed and “Forgot password?” cannot
          send links.
        </p>
      ) : !authUser.emailVerified ? (
        <div className="mt-3">
          <ResendVerificationButton />
        </div>
      ) : null}
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
        {change.error ? (
          <FormError
            message={errorMessage(change.error, 'The address was not changed.')}
            details={details(change.error)}
          />
        ) : change.isSuccess ? (
          <SuccessNotice>{change.data}</SuccessNotice>
        ) : null}
        <TextField
          label="New email address"
          name="newEmail"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {authUser.hasPassword ? (
          <TextField
            label="Your password"
            name="emailPassword"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
        <button
          type="submit"
          disabled={change.isPending}
          className={`${buttonStyles.secondary} self-start`}
        >
          Change email
        </button>
      </form>
    </SettingsSection>
  );
}

export function UsernameSection() {
  const { authUser } = useAuth();
  const change = useChangeUsername();
  const [username, setUsername] = useState('');
  return (
    <SettingsSection
      id="username"
      title="Username"
      description="Your channel’s address. The old one keeps leading to your channel for 30 days."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(username.trim());
        }}
      >
        {change.error ? (
          <FormError
            message={errorMessage(change.error, 'The username was not changed.')}
            details={details(change.error)}
          />
        ) : change.isSuccess ? (
          <SuccessNotice>Your username is now @{change.data.username}.</SuccessNotice>
        ) : null}
        <TextField
          label="New username"
          name="newUsername"
          placeholder={authUser?.username}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <button
          type="submit"
          disabled={change.isPending}
          className={`${buttonStyles.secondary} self-start`}
        >
          Change username
        </button>
      </form>
    </SettingsSection>
  );
}

export function PasswordSection() {
  const { authUser } = useAuth();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!authUser) return null;
  if (!authUser.hasPassword) {
    return (
      <SettingsSection id="password" title="Password">
        <p className="text-sm text-ink">
          You sign in with Google and have no password here. “Forgot password?” on the sign-in page
          sets one.
        </p>
      </SettingsSection>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(next, repeat, (p) => passwordProblem(p, authUser));
    setProblem(found);
    if (!found) change.mutate({ currentPassword: current, newPassword: next });
  };
  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing it signs out your other sessions."
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        {problem || change.error ? (
          <FormError
            message={problem ?? errorMessage(change.error, 'The password was not changed.')}
            details={details(change.error)}
          />
        ) : change.isSuccess ? (
          <SuccessNotice>Password changed. Your other sessions were signed out.</SuccessNotice>
        ) : null}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <TextField
          label="Repeat the new password"
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <button
          type="submit"
          disabled={change.isPending}
          className={`${buttonStyles.secondary} self-start`}
        >
          {change.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          Change password
        </button>
      </form>
    </SettingsSection>
  );
}
