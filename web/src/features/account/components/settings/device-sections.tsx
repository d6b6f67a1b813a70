import { API_BASE, API_PATHS, ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { FormError } from '../../../../components/ui/form-error';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { errorMessage } from '../../../../lib/api-client';
import { formatRelativeTime } from '../../../../lib/format';
import { useAuth } from '../../../auth';
import { useEndOtherSessions } from '../../api/end-other-sessions';
import { useEndSession } from '../../api/end-session';
import { useSessions } from '../../api/sessions';
import { useDisableTotp } from '../../api/totp-disable';
import { useConfirmTotp } from '../../api/totp-confirm';
import { useStartTotpSetup } from '../../api/totp-setup';
import { SuccessNotice } from '../notice';
import { QrCode } from './qr-code';
import { SettingsSection } from './settings-section';

export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <SettingsSection id="sessions" title="Where you’re signed in">
      {sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isLoadingError ? (
        <FormError message="Your sessions could not be loaded." />
      ) : (
        <ul aria-label="Sessions" className="flex flex-col divide-y divide-line">
          {sessions.data.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium text-ink-strong">
                  {s.device}{' '}
                  {s.current ? <span className="text-emerald-300">· this device</span> : null}
                </p>
                <p className="text-ink-muted">
                  {s.address || 'Unknown address'} · last used {formatRelativeTime(s.lastUsedAt)}
                </p>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className={buttonStyles.ghost}
                  disabled={end.isPending}
                  onClick={() => end.mutate(s._id)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        disabled={endOthers.isPending}
        onClick={() => endOthers.mutate()}
      >
        Sign out everywhere else
      </button>
      {endOthers.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-emerald-300">
          Signed out everywhere else.
        </p>
      ) : null}
    </SettingsSection>
  );
}

export function TwoFactorSection() {
  const { authUser } = useAuth();
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  if (!authUser) return null;

  if (!authUser.hasPassword) {
    return (
      <SettingsSection id="two-factor" title="Two-factor sign-in">
        <p className="text-sm text-ink">
          You sign in with Google: turn on two-step verification in your Google account.
        </p>
      </SettingsSection>
    );
  }
  if (confirm.isSuccess) {
    return (
      <SettingsSection id="two-factor" title="Two-factor sign-in">
        <SuccessNotice>Two-factor sign-in is on.</SuccessNotice>
        <p className="mt-3 text-sm text-ink">
          Keep these recovery codes somewhere safe. Each signs in once if you lose your phone; they
          are not shown again.
        </p>
        <ul
          aria-label="Recovery codes"
          className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-ink-strong"
        >
          {confirm.data.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </SettingsSection>
    );
  }
  if (authUser.totpEnabled) {
    const onOff = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      disable.mutate({ password, code: code.trim() });
    };
    return (
      <SettingsSection
        id="two-factor"
        title="Two-factor sign-in"
        description="On: signing in asks for a code from your authenticator app."
      >
        <form className="flex flex-col gap-4" onSubmit={onOff}>
          {disable.error ? (
            <FormError message={errorMessage(disable.error, 'It is still on.')} />
          ) : null}
          <TextField
            label="Your password"
            name="totpPassword"
            type="password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="A code from the app, or a recovery code"
            name="totpOffCode"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="submit"
            className={`${buttonStyles.secondary} self-start`}
            disabled={disable.isPending}
          >
            Turn off
          </button>
        </form>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="Sign-in asks for a code from an authenticator app as well as your password."
    >
      {setup.data ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(code.trim());
          }}
        >
          <QrCode text={setup.data.otpauthUrl} label="QR code for your authenticator app" />
          <p className="text-sm text-ink">
            Scan it with your authenticator app, or enter this key:{' '}
            <code data-testid="totp-secret" className="font-mono text-ink-strong break-all">
              {setup.data.secret}
            </code>
          </p>
          {confirm.error ? (
            <FormError message={errorMessage(confirm.error, 'That code did not work.')} />
          ) : null}
          <TextField
            label="Code from the app"
            name="totpCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="submit"
            className={`${buttonStyles.primary} self-start`}
            disabled={confirm.isPending}
          >
            {confirm.isPending ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : null}
            Turn on
          </button>
        </form>
      ) : (
        <>
          {setup.error ? (
            <FormError message={errorMessage(setup.error, 'It could not be set up.')} />
          ) : null}
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={setup.isPending}
            onClick={() => setup.mutate()}
          >
            Set up two-factor sign-in
          </button>
        </>
      )}
    </SettingsSection>
  );
}

export function DataSection() {
  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="A copy of your profile, videos, comments, likes, subscriptions, history and playlists, as a JSON file."
    >
      <div className="flex flex-wrap gap-3">
        <a href={`${API_BASE}${API_PATHS.exportData}`} download className={buttonStyles.secondary}>
          Download your data
        </a>
        <Link to={ROUTES.deleteAccount} className={buttonStyles.danger}>
          Delete account…
        </Link>
      </div>
    </SettingsSection>
  );
}
