import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type StudioPanelProps = { title: string; icon: LucideIcon; children: ReactNode };

/** A titled studio card holding a neutral placeholder until its data is wired in. */
export function StudioPanel({ title, icon: Icon, children }: StudioPanelProps) {
  return (
    <section className="rounded-xl border border-line bg-raised p-5">
      <h2 className="text-base font-semibold text-ink-strong">{title}</h2>
      <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center text-sm text-ink-muted">
        <Icon className="size-10" aria-hidden />
        {children}
      </div>
    </section>
  );
}
