import { useId, type ReactNode } from 'react';

/** A titled dashboard card; the section is named by its heading so its figures can be scoped. */
export function StudioCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-line bg-raised p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-ink-strong">
        {title}
      </h2>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** Label and value pairs as a description list. */
export function FigureList({ items }: { items: readonly { label: string; value: string }[] }) {
  return (
    <dl className="divide-y divide-line text-sm">
      {items.map((item) => (
        <div key={item.label} className="flex items-center justify-between gap-4 py-2">
          <dt className="text-ink">{item.label}</dt>
          <dd className="font-medium text-ink-strong tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
