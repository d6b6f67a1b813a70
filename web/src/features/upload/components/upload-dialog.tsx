import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { UploadDraft } from '../hooks/use-video-upload';
import { UploadDropZone } from './upload-drop-zone';
import { UploadWizard } from './upload-wizard';

type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  onSubmit: (draft: UploadDraft) => void;
};

/** Holds the chosen file; the body remounts on every opening, so each upload starts clean. */
function UploadDialogBody({ onClose, onSubmit }: Omit<UploadDialogProps, 'open'>) {
  const [videoFile, setVideoFile] = useState<File | null>(null);
  if (!videoFile) return <UploadDropZone onFileAccepted={setVideoFile} />;
  return (
    <UploadWizard
      videoFile={videoFile}
      onDone={(draft) => {
        onClose();
        onSubmit(draft);
      }}
    />
  );
}

export function UploadDialog({ open, onClose, onSubmit }: UploadDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload videos"
      className="max-h-[calc(100dvh-2rem)] w-[min(52rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <UploadDialogBody onClose={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}
