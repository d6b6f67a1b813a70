import { CircleAlert } from 'lucide-react';

type FormErrorProps = { message: string; details?: string[] };

/** Red alert box for a failed submission; detail lines repeating the headline are dropped. */
export function FormError({ message, details = [] }: FormErrorProps) {
  const extra = [...new Set(details)].filter((line) => line !== message);
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-400" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{message}</p>
        {extra.length > 0 ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-red-200/90">
            {extra.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
