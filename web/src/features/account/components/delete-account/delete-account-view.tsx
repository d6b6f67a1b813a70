import { API_BASE, API_PATHS, ROUTES } from '@contract';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { useAuth } from '../../../auth';
import { useOwnVideoCount } from '../../api/own-video-count';
import { deletionLosses } from '../../utils/deletion-losses';
import { DeleteAccountForm } from './delete-account-form';

/**
 * The confirmation page of an account's deletion: what goes (with the counts the app knows),
 * a way to keep a copy first, and the proof the server asks for.
 */
export function DeleteAccountView() {
  const { authUser } = useAuth();
  const videos = useOwnVideoCount(authUser?._id ?? '');
  if (!authUser) return null;
  const losses = deletionLosses({
    username: authUser.username,
    videos: videos.data,
    subscribers: authUser.subscribersCount,
    hasPassword: authUser.hasPassword,
    totpEnabled: authUser.totpEnabled,
  });

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6">
      <div>
        <Link to={ROUTES.settings} className="text-sm text-accent hover:underline">
          ← Settings
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink-strong">Delete your account</h1>
      </div>
      <section
        aria-labelledby="losses-title"
        className="rounded-2xl border border-red-500/40 bg-red-500/5 p-5 sm:p-6"
      >
        <h2
          id="losses-title"
          className="flex items-center gap-2 text-lg font-semibold text-ink-strong"
        >
          <TriangleAlert className="size-5 text-red-400" aria-hidden />
          This removes, for good:
        </h2>
        <ul
          aria-label="What will be lost"
          className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-ink"
        >
          {losses.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink-muted">
          It cannot be undone, and nobody can bring any of it back. Views you gave other videos stay
          counted, without your name. Your username and email address can be used again at once, by
          anyone.
        </p>
      </section>
      <section className="rounded-2xl border border-line bg-raised p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-ink-strong">Keep a copy first</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Your profile, videos’ details with links to their originals, comments, likes,
          subscriptions, history and playlists, as one JSON file. The links stop working once the
          account is gone.
        </p>
        <a
          href={`${API_BASE}${API_PATHS.exportData}`}
          download
          className={`${buttonStyles.secondary} mt-3`}
        >
          Download your data
        </a>
      </section>
      <DeleteAccountForm hasPassword={authUser.hasPassword} />
    </div>
  );
}
