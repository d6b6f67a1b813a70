import { ROUTES } from '@contract';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { SettingsSection } from '../../account';
import { useHistoryPaused, useSetHistoryPaused } from '../api/history-paused';

/** The Settings page's Watch history: whether watching is recorded, and where to see it. */
export function HistorySettingsSection() {
  const paused = useHistoryPaused();
  const setPaused = useSetHistoryPaused();
  const isPaused = paused.data?.paused ?? false;
  return (
    <SettingsSection
      id="history"
      title="Watch history"
      description="Videos you watch are kept in your history, with where you stopped, unless you pause it."
    >
      <label className="flex cursor-pointer items-center gap-3 text-sm text-ink-strong">
        <input
          type="checkbox"
          checked={!isPaused}
          disabled={paused.isPending || setPaused.isPending}
          onChange={(event) => setPaused.mutate(!event.currentTarget.checked)}
          className="size-4 accent-accent"
        />
        Keep my watch history
      </label>
      {setPaused.isError ? (
        <div className="mt-3">
          <FormError message={errorMessage(setPaused.error, 'The setting was not saved.')} />
        </div>
      ) : null}
      <Link to={ROUTES.history} className={`${buttonStyles.secondary} mt-4`}>
        Manage watch history
      </Link>
    </SettingsSection>
  );
}
