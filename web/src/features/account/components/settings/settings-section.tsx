import type { ReactNode } from 'react';

/** One section of the Settings page: a heading, what it is for, and its controls. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-raised p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-strong">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
