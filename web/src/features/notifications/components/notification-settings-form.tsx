import { NOTIFICATION_KINDS } from '@contract';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import { KIND_LABELS } from '../utils/notification-text';

/**
 * Which kinds of notification the viewer wants, each shown switched at once and saved as it is
 * switched. Self-contained, so it can sit in any settings page or dialog.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  if (settings.isPending) return <Spinner label="Loading notification settings" />;
  if (settings.isLoadingError) {
    return <FormError message={errorMessage(settings.error, 'Settings could not be loaded.')} />;
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 text-sm text-ink-muted">Notify me about:</legend>
      {NOTIFICATION_KINDS.map((kind) => (
        <label
          key={kind}
          className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-ink-strong hover:bg-hover"
        >
          <input
            type="checkbox"
            checked={settings.data[kind]}
            onChange={(event) => update.mutate({ [kind]: event.currentTarget.checked })}
            className="size-4 accent-accent"
          />
          {KIND_LABELS[kind]}
        </label>
      ))}
      {update.isError ? (
        <FormError message={errorMessage(update.error, 'The setting was not saved.')} />
      ) : null}
    </fieldset>
  );
}
