const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** 1536 → "1.5 KiB": binary units, one decimal below 10 of a unit, none above. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value).toString();
  return `${shown} ${UNITS[unit]}`;
}

/** Gibibytes typed in a form, as whole bytes; undefined for anything that is not a size. */
export function gibToBytes(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 1024 ** 3);
}

export function bytesToGib(bytes: number): string {
  return String(Math.round((bytes / 1024 ** 3) * 100) / 100);
}
