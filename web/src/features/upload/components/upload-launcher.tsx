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

/** Owns the dialog and the running upload, so the progress panel outlives the dialog. */
export function UploadLauncher({ children }: UploadLauncherProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const upload = useVideoUpload();
  const busy = upload.state.status === 'uploading';

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
            open={open}
            onClose={() => setOpen(false)}
            onSubmit={(draft) => void upload.start(draft)}
          />
        </Suspense>
      ) : null}
      <UploadProgress state={upload.state} onCancel={upload.cancel} onDismiss={upload.dismiss} />
    </>
  );
}
