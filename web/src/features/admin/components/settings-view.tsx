import { GOVERNANCE_LIMITS, REGISTRATION_MODES } from '@contract';
import type { InstanceSettings, InstanceSettingsPatch, RegistrationMode } from '@contract';
import { useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { inputClass } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useSaveSettings, useSettings } from '../api/settings';
import { bytesToGib, gibToBytes } from '../utils/format-bytes';

const MODE_LABELS: Record<RegistrationMode, string> = {
  open: 'Open: anyone can sign up',
  approval: 'Approval: sign-ups wait for a moderator',
  closed: 'Closed: nobody can sign up',
};

function QuotaField({
  label,
  value,
  invalid,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  invalid: boolean;
  hint: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} max-w-48`}
      />
      <p id={hintId} className={invalid ? 'text-sm text-red-400' : 'text-xs text-ink-muted'}>
        {invalid ? 'Enter a size in GiB (such as 5 or 0.5), or leave it empty.' : hint}
      </p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const save = useSaveSettings();
  const [registration, setRegistration] = useState(settings.registration);
  const [name, setName] = useState(settings.instanceName);
  const [description, setDescription] = useState(settings.instanceDescription);
  const [quota, setQuota] = useState(
    settings.defaultQuotaBytes === null ? '' : bytesToGib(settings.defaultQuotaBytes),
  );
  const [daily, setDaily] = useState(
    settings.defaultDailyQuotaBytes === null ? '' : bytesToGib(settings.defaultDailyQuotaBytes),
  );
  const [quotaProblem, setQuotaProblem] = useState<'quota' | 'daily' | null>(null);
  const nameId = useId();
  const descriptionId = useId();

  return (
    <form
      noValidate
      aria-label="Instance settings"
      onSubmit={(event) => {
        event.preventDefault();
        const bytes = quota.trim() === '' ? null : gibToBytes(quota);
        const dailyBytes = daily.trim() === '' ? null : gibToBytes(daily);
        if (bytes === undefined || dailyBytes === undefined) {
          setQuotaProblem(bytes === undefined ? 'quota' : 'daily');
          return;
        }
        const patch: InstanceSettingsPatch = {
          registration,
          instanceName: name,
          instanceDescription: description,
          defaultQuotaBytes: bytes,
          defaultDailyQuotaBytes: dailyBytes,
        };
        save.mutate(patch);
      }}
      className="flex max-w-2xl flex-col gap-6"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">Sign-ups</legend>
        {REGISTRATION_MODES.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-center gap-3 text-sm text-ink-strong"
          >
            <input
              type="radio"
              name="registration"
              value={mode}
              checked={registration === mode}
              onChange={() => setRegistration(mode)}
              className="size-4 accent-accent"
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={nameId} className="text-sm font-medium text-ink">
          Instance name
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={GOVERNANCE_LIMITS.instanceNameMax}
          onChange={(event) => setName(event.target.value)}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-ink">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={description}
          maxLength={GOVERNANCE_LIMITS.instanceDescriptionMax}
          onChange={(event) => setDescription(event.target.value)}
          className={`${inputClass} resize-y`}
        />
      </div>
      <QuotaField
        label="Default storage quota per user, in GiB"
        value={quota}
        invalid={quotaProblem === 'quota'}
        hint="Empty: the server’s own default applies. A user’s own quota (Users) overrides it."
        onChange={(value) => {
          setQuota(value);
          setQuotaProblem(null);
        }}
      />
      <QuotaField
        label="Default upload quota per user per 24 hours, in GiB"
        value={daily}
        invalid={quotaProblem === 'daily'}
        hint="Empty: the server’s own default applies."
        onChange={(value) => {
          setDaily(value);
          setQuotaProblem(null);
        }}
      />
      {save.isError ? (
        <FormError
          message={errorMessage(save.error, 'The settings could not be saved.')}
          details={isApiError(save.error) ? save.error.fieldErrors.map((e) => e.message) : []}
        />
      ) : null}
      <div role="status" className="text-sm text-green-400">
        {save.isSuccess ? 'Settings saved. They apply at once.' : ''}
      </div>
      <div>
        <button type="submit" disabled={save.isPending} className={buttonStyles.light}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** The instance's settings: admins change them; moderators are told whose they are. */
export function SettingsView() {
  const { authUser } = useAuth();
  const isAdmin = authUser?.role === 'admin';
  const query = useSettings(isAdmin);
  if (!isAdmin) {
    return <p className="text-sm text-ink">Only an admin can see and change the settings.</p>;
  }
  if (query.isPending) return <Spinner className="w-full py-16" label="Loading settings" />;
  if (query.isLoadingError) {
    return <FormError message={errorMessage(query.error, 'The settings could not be loaded.')} />;
  }
  return <SettingsForm settings={query.data} />;
}
