import { ShieldAlert } from 'lucide-react';

/** Says a video is blocked by staff, and why: only its owner ever sees a blocked video. */
export function BlockedBanner({ reason }: { reason: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-100"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-400" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">Blocked by staff</p>
        <p className="mt-0.5 break-words">
          Reason: {reason}. Only you can see this video until staff unblock it; your visibility
          choice is kept for then.
        </p>
      </div>
    </div>
  );
}
