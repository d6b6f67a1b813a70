import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { retryableLazy } from '../../../lib/retryable-lazy';

// The upload (its dialog, its state, the tus client) is only needed once someone asks to
// upload; the launcher sits in the top bar of every page, so keep all of it out of the entry.
const UploadSession = retryableLazy(async () => (await import('./upload-session')).UploadSession);

type UploadLauncherProps = {
  /** Renders whatever opens the dialog; `busy` is true while an upload is still being sent. */
  children: (controls: { open: () => void; busy: boolean }) => ReactNode;
};

/** Owns the dialog and the upload session, so the upload goes on with the dialog closed. */
export function UploadLauncher({ children }: UploadLauncherProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [busy, setBusy] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);

  return (
    <>
      {children({
        open: () => {
          setRequested(true);
          setOpen(true);
        },
        busy,
      })}
      {requested ? (
        <Suspense fallback={null}>
          <UploadSession open={open} onOpen={show} onClose={hide} onBusyChange={setBusy} />
        </Suspense>
      ) : null}
    </>
  );
}
