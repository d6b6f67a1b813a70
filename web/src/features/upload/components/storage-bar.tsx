import { formatBytes } from '@contract';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useStorage } from '../api/get-storage';
import { storageLines } from '../utils/storage-usage';

/** What the signed-in user stores against their quotas, as bars (the server's figures). */
export function StorageBar() {
  const query = useStorage();
  if (!query.data) return null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      {storageLines(query.data).map((quota) => (
        <div key={quota.label} className="flex flex-col gap-1">
          <div className="flex justify-between gap-4">
            <span className="text-ink">{quota.label}</span>
            <span className="font-medium text-ink-strong tabular-nums">
              {quota.limit ? `${quota.used} of ${quota.limit}` : `${quota.used} (no limit)`}
            </span>
          </div>
          {quota.percent !== null ? (
            <ProgressBar percent={quota.percent} label={`${quota.label} used`} />
          ) : null}
        </div>
      ))}
      <p className="text-xs text-ink-muted">
        Videos up to {formatBytes(query.data.maxUploadBytes)} each.
      </p>
    </div>
  );
}
