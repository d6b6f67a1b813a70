import { Dialog } from '../../../components/ui/dialog';
import type { VideoUploadSession } from '../hooks/use-video-upload';
import { UploadDropZone } from './upload-drop-zone';
import { UploadWizard } from './upload-wizard';

type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  session: VideoUploadSession;
};

/**
 * Picking a file starts its upload and opens the wizard; the file, the form and the upload
 * are the session's, so closing the dialog and opening it again finds them as they were.
 */
export function UploadDialog({ open, onClose, session }: UploadDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload videos"
      className="max-h-[calc(100dvh-2rem)] w-[min(52rem,calc(100vw-2rem))] overflow-y-auto"
    >
      {session.file && session.values ? (
        <UploadWizard session={session} videoFile={session.file} values={session.values} />
      ) : (
        <UploadDropZone onFileAccepted={session.pick} />
      )}
    </Dialog>
  );
}
