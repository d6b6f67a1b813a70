import { LoaderCircle } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** "Send the link again", with what came of it. */
export function ResendVerificationButton({ className }: { className?: string }) {
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return (
      <span role="status" className="text-sm text-emerald-300">
        Sent. Check your inbox.
      </span>
    );
  }
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${className ?? ''}`}>
      <button
        type="button"
        className={buttonStyles.outline}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
        Resend confirmation email
      </button>
      {resend.error ? (
        <span role="alert" className="text-sm text-red-300">
          {errorMessage(resend.error, 'The link could not be sent.')}
        </span>
      ) : null}
    </span>
  );
}

/** A refusal because the address is unconfirmed (403 `email_unverified`): say so, offer a link. */
export function EmailUnverifiedNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
    >
      <p>{message}</p>
      <ResendVerificationButton />
    </div>
  );
}
