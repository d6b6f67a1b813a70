import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useVideoUpload } from '../hooks/use-video-upload';
import { UploadProgress } from './upload-progress';

// The wizard is only needed once someone asks to upload; keep it out of the entry chunk.
const UploadDialog = lazy(() =>
  import('./upload-dialog').then((module) => ({ default: module.UploadDialog })),
);

type UploadLauncherProps = {
  /** Renders whatever opens the dialog; `busy` is true while an upload is still being sent. */
  children: (controls: { open: () => void; busy: boolean }) => ReactNode;
};

/** Owns the dialog and the upload session, so the upload goes on with the dialog closed. */
export function UploadLauncher({ children }: UploadLauncherProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const session = useVideoUpload();
  const busy = session.file !== null;
  // A published video closes the wizard; the panel follows its processing.
  const published = session.published;

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
          <UploadDialog
            open={open && published === null}
            onClose={() => setOpen(false)}
            session={session}
          />
        </Suspense>
      ) : null}
      <UploadProgress
        session={session}
        dialogOpen={open && published === null}
        onOpen={() => setOpen(true)}
        onDismiss={() => {
          session.dismissPublished();
          setOpen(false);
        }}
      />
    </>
  );
}
