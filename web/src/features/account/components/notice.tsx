import type { ReactNode } from 'react';

/** A green confirmation box (the counterpart of FormError). */
export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
    >
      {children}
    </div>
  );
}
