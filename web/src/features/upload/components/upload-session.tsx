import { useEffect } from 'react';
import { useVideoUpload } from '../hooks/use-video-upload';
import { UploadDialog } from './upload-dialog';
import { UploadProgress } from './upload-progress';

type UploadSessionProps = {
  /** Whether the launcher wants the dialog shown. */
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Told whenever a file starts or stops being sent, for the launcher's button. */
  onBusyChange: (busy: boolean) => void;
};

/**
 * One upload from pick to processing: the dialog, and the corner panel that follows the
 * upload with the dialog closed. Mounted by the launcher from the first time someone asks to
 * upload, and kept while they browse, so the upload goes on from page to page.
 */
export function UploadSession({ open, onOpen, onClose, onBusyChange }: UploadSessionProps) {
  const session = useVideoUpload();
  const busy = session.file !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  // A published video closes the wizard; the panel follows its processing.
  const dialogOpen = open && session.published === null;

  return (
    <>
      <UploadDialog open={dialogOpen} onClose={onClose} session={session} />
      <UploadProgress
        session={session}
        dialogOpen={dialogOpen}
        onOpen={onOpen}
        onDismiss={() => {
          session.dismissPublished();
          onClose();
        }}
      />
    </>
  );
}
