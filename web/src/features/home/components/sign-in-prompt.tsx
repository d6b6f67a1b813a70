import { ROUTES } from '@contract';
import { CircleUserRound, Clapperboard } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';

/** What visitors see on the front page instead of a personal feed. */
export function SignInPrompt() {
  const navigate = useNavigate();
  return (
    <section
      aria-labelledby="sign-in-prompt-heading"
      className="flex min-h-[calc(100dvh-var(--spacing-topbar))] flex-col items-center justify-center gap-5 px-6 py-16 text-center"
    >
      <span className="flex size-20 items-center justify-center rounded-full bg-raised">
        <Clapperboard className="size-10 text-ink" aria-hidden />
      </span>
      <h1
        id="sign-in-prompt-heading"
        className="text-2xl font-semibold text-ink-strong sm:text-3xl"
      >
        Welcome to Vidshare
      </h1>
      <p className="max-w-md text-ink">
        Your feed, subscriptions and liked videos are one step away. Log in or create an account to
        like videos, comment and subscribe to your favourite channels.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => void navigate(ROUTES.signin)}
          className={`${buttonStyles.outline} px-4`}
        >
          <CircleUserRound className="size-5" aria-hidden />
          Sign in
        </button>
        <Link to={ROUTES.home} className={buttonStyles.ghost}>
          Browse videos
        </Link>
      </div>
    </section>
  );
}
