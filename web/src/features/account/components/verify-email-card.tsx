import { ROUTES } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { AuthCardShell, useAuth } from '../../auth';
import { useVerifyEmail } from '../api/verify-email';
import { SuccessNotice } from './notice';

/** The page a confirmation link opens: it confirms at once (the token is used once). */
export function VerifyEmailCard() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { isAuthenticated } = useAuth();
  // Effects run twice in development; the link works once, so it is sent once.
  const sent = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCardShell title="Confirm your email" subtitle="One click, and it is done">
      {!token ? (
        <FormError message="This link is incomplete. Open the link from the email again." />
      ) : verify.isSuccess ? (
        <SuccessNotice>
          Thank you: <strong>{verify.data.email}</strong> is confirmed.
        </SuccessNotice>
      ) : verify.isError ? (
        <FormError message={errorMessage(verify.error, 'The address could not be confirmed.')} />
      ) : (
        <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden /> Confirming…
        </p>
      )}
      <div className="mt-6 flex justify-center gap-3">
        <Link to={ROUTES.root} className={buttonStyles.secondary}>
          Go home
        </Link>
        {verify.isError && isAuthenticated ? (
          <Link to={ROUTES.settings} className={buttonStyles.outline}>
            Send a new link from Settings
          </Link>
        ) : null}
      </div>
    </AuthCardShell>
  );
}
