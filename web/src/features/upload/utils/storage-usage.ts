import { formatBytes, type Storage } from '@contract';

/** One quota as the studio shows it: used of how much, and how full (null: no limit). */
export type QuotaLine = {
  label: string;
  used: string;
  limit: string | null;
  percent: number | null;
};

function line(label: string, used: number, limit: number | null): QuotaLine {
  return {
    label,
    used: formatBytes(used),
    limit: limit === null ? null : formatBytes(limit),
    percent: limit === null || limit <= 0 ? null : Math.min(100, Math.floor((used / limit) * 100)),
  };
}

/** The storage answer as the lines of the studio's bar. */
export function storageLines(storage: Storage): QuotaLine[] {
  return [
    line('Storage', storage.usedBytes, storage.quotaBytes),
    line('Uploaded today', storage.dailyUsedBytes, storage.dailyQuotaBytes),
  ];
}
